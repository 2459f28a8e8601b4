/**
 * A new password and its confirmation, as the recovery and invitation pages ask for them:
 * the policy under the first field, the second checked against the first (the server
 * checks both again).
 */
import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export default function NewPasswordFields({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" extra={t('recover.policy')} rules={[{ required: true, message: t('password.newRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        dependencies={['password']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) => (!value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('password.confirm')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
