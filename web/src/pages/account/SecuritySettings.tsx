/**
 * The security section of the account settings (docs/design.md, "Two-factor sign-in"):
 * password change (the existing dialog), two-factor sign-in with an authenticator app
 * (enrol by QR code, confirm with a code, 10 recovery codes shown once; turn off with the
 * password), and the live sessions with sign-out of one or of all others.
 */
import { Button, List, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import { useDialogs } from '../../components/dialogs.ts';
import SessionList from './SessionList.tsx';
import { useTwoFactorDialogs } from './TwoFactorDialogs.tsx';

export default function SecuritySettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { openPassword } = useDialogs();
  const security = useQuery({ queryKey: keys.account.security, queryFn: () => call('accountSecurity', {}) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.account.security });
  const { enrol, disable, dialogs } = useTwoFactorDialogs(refresh);
  const tf = security.data?.two_factor;

  return (
    <div data-testid="security-settings">
      <List
        itemLayout="horizontal"
        loading={security.isPending}
        dataSource={['password', 'twoFactor'] as const}
        renderItem={(item) =>
          item === 'password' ? (
            <List.Item
              actions={[
                <Button key="change" type="link" onClick={openPassword}>
                  {t('account.security.change')}
                </Button>,
              ]}
            >
              <List.Item.Meta title={t('account.security.password')} description={t('account.security.passwordText')} />
            </List.Item>
          ) : (
            <List.Item
              actions={[
                tf?.enabled ? (
                  <Button key="off" type="link" danger onClick={disable} data-testid="totp-disable">
                    {t('account.security.turnOff')}
                  </Button>
                ) : (
                  <Button key="on" type="link" onClick={() => void enrol()} data-testid="totp-enable">
                    {t('account.security.turnOn')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space>
                    {t('account.security.twoFactor')}
                    <Tag color={tf?.enabled ? 'green' : 'default'} data-testid="totp-state">
                      {t(tf?.enabled ? 'account.security.on' : 'account.security.off')}
                    </Tag>
                  </Space>
                }
                description={tf?.enabled ? t('account.security.codesLeft', { n: tf.recovery_codes_left }) : t('account.security.twoFactorText')}
              />
            </List.Item>
          )
        }
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('account.security.sessions')}
      </Typography.Title>
      <SessionList
        sessions={security.data?.sessions ?? []}
        loading={security.isFetching}
        onRevoke={(s) =>
          confirmAction({
            title: t('account.security.revokeTitle'),
            content: t('account.security.revokeText'),
            okText: t('account.security.signOut'),
            danger: true,
            run: () => call('sessionRevoke', { id: s.id }),
            done: t('account.security.revoked'),
            onDone: refresh,
          })
        }
        onRevokeOthers={() =>
          confirmAction({
            title: t('account.security.revokeOthersTitle'),
            content: t('account.security.revokeOthersText'),
            okText: t('account.security.signOut'),
            danger: true,
            run: () => call('sessionRevokeOthers', {}),
            done: t('account.security.revoked'),
            onDone: refresh,
          })
        }
      />
      {dialogs}
    </div>
  );
}
