/**
 * The binding section of the account settings (docs/design.md, "Account pages"): the
 * signed-in devices that approved QR sign-ins (browser, address, how many, the last one).
 * Removing one signs it out; it approves again only after signing in again.
 */
import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BoundDevice } from '@swo/contract';
import { call } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import { describeAgent } from '../user/agent.ts';

export default function BindingSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: keys.account.devices, queryFn: () => call('devicesList', {}) });
  const ask = (d: BoundDevice) =>
    confirmAction({
      title: t('account.binding.removeTitle'),
      content: t('account.binding.removeText'),
      okText: t('account.binding.remove'),
      danger: true,
      run: () => call('deviceRemove', { id: d.id }),
      done: t('account.binding.removed'),
      onDone: () => {
        void queryClient.invalidateQueries({ queryKey: keys.account.devices });
        void queryClient.invalidateQueries({ queryKey: keys.account.security });
      },
    });

  return (
    <div data-testid="binding-settings">
      <Typography.Paragraph type="secondary">{t('account.binding.text')}</Typography.Paragraph>
      <List<BoundDevice>
        loading={devices.isPending}
        dataSource={devices.data ?? []}
        locale={{ emptyText: <Empty description={t('account.binding.none')} /> }}
        renderItem={(d) => (
          <List.Item
            actions={[
              <Button key="remove" type="link" danger onClick={() => ask(d)}>
                {t('account.binding.remove')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<MobileOutlined style={{ fontSize: 28, color: '#1890ff' }} />}
              title={
                <Space>
                  {describeAgent(d.user_agent)}
                  {d.current ? <Tag color="blue">{t('account.security.thisDevice')}</Tag> : null}
                </Space>
              }
              description={t('account.binding.detail', { ip: d.ip, n: d.approvals, last: formatTime(d.last_approved_at) })}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
