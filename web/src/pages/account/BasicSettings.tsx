/**
 * The basic section of the account settings (docs/design.md, "Account pages"): nickname,
 * e-mail, profile, country, province and city, street address; the avatar, uploaded and
 * cropped by the server; the phone, changed only with a code sent to the new number.
 */
import { useState } from 'react';
import { Avatar, Button, Col, Form, Input, Modal, Row, Select, Space, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfileBody } from '@swo/contract';
import { call } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import { useSession } from '../../app/session.ts';
import { SESSION_TTL_MS, setItem, STORAGE_KEYS } from '../../app/storage.ts';
import SmsCodeFields from '../user/SmsCodeFields.tsx';
import { countryOptions } from './countries.ts';

/** The name and avatar of the header's user menu follow the saved profile at once. */
function showInSession(p: Pick<Profile, 'nickname' | 'username' | 'avatar'>) {
  const name = p.nickname || p.username;
  setItem(STORAGE_KEYS.shopName, name, SESSION_TTL_MS);
  setItem(STORAGE_KEYS.nickname, p.nickname);
  useSession.setState({ name, avatar: p.avatar });
}

function PhoneDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: (phone: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mobile: string; captcha: string }>();
  const change = useMutation({
    mutationFn: (v: { mobile: string; captcha: string }) => call('phoneChange', v),
    onSuccess: (r) => {
      feedback.message.success(t('account.basic.phoneChanged'));
      onChanged(r.phone);
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('account.basic.changePhone')}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => change.mutate(v))}
      confirmLoading={change.isPending}
      okText={t('account.basic.confirmPhone')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('account.basic.phoneText')}</Typography.Paragraph>
      <Form form={form} data-testid="phone-form">
        <SmsCodeFields form={form} send={(mobile) => call('phoneCode', { mobile }, { silent: true })} />
      </Form>
    </Modal>
  );
}

export default function BasicSettings() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileBody>();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const profile = useQuery({ queryKey: keys.account.profile, queryFn: () => call('profileGet', {}) });
  const setProfile = (p: Profile) => {
    queryClient.setQueryData(keys.account.profile, p);
    void queryClient.invalidateQueries({ queryKey: keys.account.center });
    showInSession(p);
  };
  const save = useMutation({
    mutationFn: (v: ProfileBody) => call('profileSave', v),
    onSuccess: (p) => {
      setProfile(p);
      feedback.message.success(t('account.basic.saved'));
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('file', file);
      return call('avatarUpload', data);
    },
    onSuccess: ({ avatar }) => {
      if (profile.data) setProfile({ ...profile.data, avatar });
      feedback.message.success(t('account.basic.avatarChanged'));
    },
  });
  const p = profile.data;

  if (!p) return <div style={{ minHeight: 320 }} />;
  return (
    <Row gutter={[48, 24]} data-testid="basic-settings">
      <Col xs={{ span: 24, order: 2 }} lg={{ span: 14, order: 1 }}>
        <Form
          form={form}
          layout="vertical"
          // An empty country is no choice: the select then shows its placeholder.
          initialValues={{ ...p, country: p.country || undefined }}
          onFinish={(v) => save.mutate({ ...v, country: v.country ?? '' })}
          style={{ maxWidth: 460 }}
        >
          <Form.Item label={t('account.basic.username')}>
            <Input value={p.username} disabled />
          </Form.Item>
          <Form.Item name="nickname" label={t('account.basic.nickname')} rules={[{ max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('account.basic.email')} rules={[{ type: 'email', message: t('account.basic.emailInvalid') }]}>
            <Input autoComplete="email" />
          </Form.Item>
          <Form.Item name="profile" label={t('account.basic.profile')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={4} showCount maxLength={500} placeholder={t('account.basic.profileHint')} />
          </Form.Item>
          <Form.Item name="country" label={t('account.basic.country')}>
            <Select showSearch allowClear optionFilterProp="label" options={countryOptions(i18n.language)} placeholder={t('account.basic.countryHint')} />
          </Form.Item>
          <Form.Item label={t('account.basic.region')} style={{ marginBottom: 0 }}>
            <Space.Compact block>
              <Form.Item name="province" noStyle rules={[{ max: 64 }]}>
                <Input placeholder={t('account.basic.province')} aria-label={t('account.basic.province')} />
              </Form.Item>
              <Form.Item name="city" noStyle rules={[{ max: 64 }]}>
                <Input placeholder={t('account.basic.city')} aria-label={t('account.basic.city')} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="address" label={t('account.basic.address')} rules={[{ max: 200 }]} style={{ marginTop: 24 }}>
            <Input />
          </Form.Item>
          <Form.Item label={t('account.basic.phone')}>
            <Space>
              <Typography.Text data-testid="own-phone">{p.phone || t('account.basic.noPhone')}</Typography.Text>
              <Button type="link" onClick={() => setPhoneOpen(true)}>
                {t('account.basic.changePhone')}
              </Button>
            </Space>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('account.basic.save')}
          </Button>
        </Form>
      </Col>
      <Col xs={{ span: 24, order: 1 }} lg={{ span: 10, order: 2 }}>
        <div className="account-avatar">
          <Typography.Text>{t('account.basic.avatar')}</Typography.Text>
          <Avatar size={144} src={p.avatar || undefined} icon={<UserOutlined />} style={{ backgroundColor: '#1890ff' }} />
          <Upload
            accept="image/jpeg,image/png,image/gif,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              upload.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t('account.basic.changeAvatar')}
            </Button>
          </Upload>
        </div>
      </Col>
      <PhoneDialog
        open={phoneOpen}
        onClose={() => setPhoneOpen(false)}
        onChanged={(phone) => {
          setProfile({ ...p, phone });
        }}
      />
    </Row>
  );
}
