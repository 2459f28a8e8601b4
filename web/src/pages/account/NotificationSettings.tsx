/**
 * The notification section of the account settings (docs/design.md, "Notifications"): one
 * switch per event that may notify the person in the app, saved at each toggle. Every
 * event is on until turned off; `awaiting` silences the awaiting-assignment reminder.
 */
import { List, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_EVENTS, type NotificationEvent, type NotificationSettings as Settings } from '@swo/contract';
import { call } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';

export default function NotificationSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: keys.account.notificationSettings, queryFn: () => call('notificationSettings', {}) });
  const save = useMutation({
    mutationFn: (next: Settings) => call('notificationSettingsSave', next),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.account.notificationSettings, saved);
      void feedback.message.success(t('account.settings.notificationSaved'));
    },
  });
  const toggle = (event: NotificationEvent, on: boolean) => {
    if (settings.data) save.mutate({ ...settings.data, [event]: on });
  };

  return (
    <div data-testid="notification-settings">
      <List
        itemLayout="horizontal"
        loading={settings.isPending}
        dataSource={[...NOTIFICATION_EVENTS]}
        renderItem={(event) => (
          <List.Item
            actions={[
              <Switch
                key="in-app"
                checked={settings.data?.[event] ?? true}
                loading={save.isPending && save.variables?.[event] !== settings.data?.[event]}
                disabled={!settings.data || save.isPending}
                onChange={(on) => toggle(event, on)}
                aria-label={t(`account.settings.notificationItems.${event}.title`)}
                data-testid={`notification-switch-${event}`}
              />,
            ]}
          >
            <List.Item.Meta
              title={t(`account.settings.notificationItems.${event}.title`)}
              description={t(`account.settings.notificationItems.${event}.description`)}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
