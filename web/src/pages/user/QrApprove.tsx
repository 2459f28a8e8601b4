/**
 * `/user/wechat?ticket=…`: the page a signed-in phone opens from a login page's QR code
 * (docs/design.md, "Sign-in by QR code"). It shows which browser asks to sign in as this
 * person (address, browser, time) with Approve / Deny. Signed out, it asks to sign in on
 * this phone first and comes back. An expired or answered ticket says so.
 */
import { useState } from 'react';
import { Button, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { useSession } from '../../app/session.ts';
import { describeAgent } from './agent.ts';

export default function QrApprove() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const token = useSession((s) => s.token);
  const name = useSession((s) => s.name);
  const [decided, setDecided] = useState<'approved' | 'denied' | null>(null);
  const asking = useQuery({
    queryKey: keys.qrTicket(ticket),
    queryFn: () => call('qrDescribe', { ticket }, { silent: true }),
    enabled: !!token && ticket.length >= 20 && !decided,
    retry: false,
    staleTime: Infinity,
  });
  const decide = useMutation({
    mutationFn: (approve: boolean) => call('qrDecide', { ticket, approve }, { silent: true }),
    onSuccess: (r) => setDecided(r.status),
  });

  const frame = (content: React.ReactNode) => (
    <div className="login-main" data-testid="qr-approve">
      {content}
    </div>
  );
  if (!token) {
    const back = `/user/wechat?ticket=${encodeURIComponent(ticket)}`;
    return frame(
      <Result
        status="info"
        title={<h1 className="register-title">{t('qr.approve.signInFirst')}</h1>}
        subTitle={t('qr.approve.signInFirstText')}
        extra={
          <Link to={`/user/login?redirect=${encodeURIComponent(back)}`}>
            <Button type="primary">{t('qr.approve.toLogin')}</Button>
          </Link>
        }
      />,
    );
  }
  if (decided) {
    return frame(
      <Result
        status={decided === 'approved' ? 'success' : 'warning'}
        title={<h1 className="register-title">{t(decided === 'approved' ? 'qr.approve.approvedTitle' : 'qr.approve.deniedTitle')}</h1>}
        subTitle={t(decided === 'approved' ? 'qr.approve.approvedText' : 'qr.approve.deniedText')}
      />,
    );
  }
  const failure = asking.error ?? decide.error;
  if (ticket.length < 20 || failure) {
    return frame(
      <Result
        status="warning"
        title={<h1 className="register-title">{t('qr.approve.goneTitle')}</h1>}
        subTitle={failure instanceof Error && failure.message ? failure.message : t('qr.approve.goneText')}
      />,
    );
  }
  if (!asking.data) return frame(<Spin style={{ display: 'block', margin: '48px auto' }} />);
  return frame(
    <>
      <Result
        icon={<DesktopOutlined />}
        title={<h1 className="register-title">{t('qr.approve.title', { name })}</h1>}
        subTitle={t('qr.approve.text')}
        style={{ paddingBottom: 8 }}
      />
      <Descriptions column={1} size="small" bordered data-testid="qr-asking">
        <Descriptions.Item label={t('qr.approve.browser')}>{describeAgent(asking.data.user_agent)}</Descriptions.Item>
        <Descriptions.Item label={t('qr.approve.ip')}>{asking.data.ip}</Descriptions.Item>
        <Descriptions.Item label={t('qr.approve.time')}>{formatTime(asking.data.created_at)}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('qr.approve.warning')}
      </Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" block size="large" loading={decide.isPending && decide.variables} onClick={() => decide.mutate(true)}>
          {t('qr.approve.approve')}
        </Button>
        <Button block size="large" danger loading={decide.isPending && !decide.variables} onClick={() => decide.mutate(false)}>
          {t('qr.approve.deny')}
        </Button>
      </Space>
    </>,
  );
}
