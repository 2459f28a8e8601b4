/**
 * `/user/register?invitation=…` (docs/design.md, "Invitations"): the invited person sees the
 * company and their name, chooses a username (the administrator's choice is filled in) and
 * a password under the policy, and lands signed in, in that company. A spent, replaced or
 * expired link says so and how to get a new one.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { InvitationAccept, TwoFactorRequired } from '@swo/contract';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import { useSession } from '../../app/session.ts';
import { setItem, STORAGE_KEYS } from '../../app/storage.ts';
import { showFieldErrors } from '../../components/formDialog.ts';
import PageLoading from '../../components/PageLoading.tsx';
import NewPasswordFields from './NewPasswordFields.tsx';

const TwoFactorStep = lazy(() => import('./TwoFactorStep.tsx'));

type Fields = Omit<InvitationAccept, 'token'>;

export default function AcceptInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  // An account with two-factor sign-in owes its second step here too (docs/design.md, "Invitations").
  const [challenge, setChallenge] = useState<TwoFactorRequired | null>(null);
  const signedIn = useSession((s) => !!s.token);
  useEffect(() => {
    if (challenge && signedIn) void navigate('/', { replace: true });
  }, [challenge, signedIn, navigate]);
  const invitation = useQuery({
    queryKey: keys.invitation(token),
    queryFn: () => call('invitationInfo', { token }, { silent: true }),
    retry: false,
    staleTime: Infinity,
  });

  const submit = async (values: Fields) => {
    setSaving(true);
    setError('');
    try {
      const reply = await call('invitationAccept', { ...values, token }, { silent: true });
      // The company of the invitation is the one to land in.
      setItem(STORAGE_KEYS.companyId, reply.company_id);
      const pending = await useSession.getState().accept(reply);
      if (pending) setChallenge(pending);
      else void navigate('/', { replace: true });
    } catch (e) {
      if (!showFieldErrors(form, e)) setError(e instanceof Error && e.message ? e.message : t('invitation.failed'));
    } finally {
      setSaving(false);
    }
  };

  if (challenge) {
    return (
      <Suspense fallback={<PageLoading />}>
        <TwoFactorStep challenge={challenge} onBack={() => void navigate('/user/login', { replace: true })} />
      </Suspense>
    );
  }
  if (invitation.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (invitation.isError) {
    return (
      <Result
        status="warning"
        title={<h1 className="register-title">{t('invitation.goneTitle')}</h1>}
        subTitle={invitation.error.message || t('invitation.goneText')}
        extra={<Link to="/user/login">{t('register.toLogin')}</Link>}
      />
    );
  }
  const inv = invitation.data;
  return (
    <div data-testid="accept-invitation">
      <h1 className="recover-title">{t('invitation.title', { company: inv.company_name })}</h1>
      <Typography.Paragraph type="secondary">{t('invitation.intro', { name: inv.name })}</Typography.Paragraph>
      <Form form={form} size="large" initialValues={{ username: inv.username }} onFinish={(v) => void submit(v)} autoComplete="off">
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
        <Form.Item
          name="username"
          extra={t('invitation.usernameHint')}
          rules={[
            { required: true, message: t('login.userNameRequired') },
            { pattern: /^[A-Za-z0-9._@-]+$/, message: t('invitation.usernameRule') },
          ]}
        >
          <Input prefix={<UserOutlined />} placeholder={t('login.userName')} autoComplete="username" />
        </Form.Item>
        <NewPasswordFields placeholder={t('login.password')} />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={saving}>
            {t('invitation.submit')}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
