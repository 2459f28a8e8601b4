/**
 * The change-password dialog (docs/product.md, sections 2, 4, 5): width 800; old password, new
 * password and its confirmation, all masked and required; the confirmation must match.
 * OK shows loading, calls update-password, closes, clears the session and reloads the page
 * (which lands on login). Field errors of a 400 reply are marked on the fields.
 */
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { updatePassword, type UpdatePasswordParams } from '../app/api.ts';
import { ApiError } from '../app/request.ts';
import { useSession } from '../app/session.ts';
import { useDialogs } from './dialogs.ts';

const FIELDS: (keyof UpdatePasswordParams)[] = ['oldpassword', 'password', 'confirmpassword'];

export default function ChangePassword() {
  const { t } = useTranslation();
  const { passwordOpen, closePassword } = useDialogs();
  const [form] = Form.useForm<UpdatePasswordParams>();
  const [loading, setLoading] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setLoading(true);
    try {
      await updatePassword(values);
      closePassword();
      useSession.getState().reset();
      window.location.reload();
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = FIELDS.filter((f) => e.fieldErrors[f]?.length).map((f) => ({ name: f, errors: e.fieldErrors[f] }));
        if (fields.length) form.setFields(fields);
      }
    } finally {
      setLoading(false);
    }
  };

  const cancel = () => {
    form.resetFields();
    closePassword();
  };

  return (
    <Modal
      title={t('password.title')}
      width={800}
      open={passwordOpen}
      confirmLoading={loading}
      onOk={() => void submit()}
      onCancel={cancel}
      okText={t('buttons.ok')}
      cancelText={t('buttons.cancel')}
      forceRender
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Form.Item name="oldpassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('password.new')} rules={[{ required: true, message: t('password.newRequired') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) => (!value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
