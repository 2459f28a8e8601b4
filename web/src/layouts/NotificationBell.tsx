/**
 * The header's notification bell (docs/design.md, "Notifications"): the unread count of
 * the current company as a badge, refetched on each live `notification` event
 * (useLiveUpdates.ts), polled every 60 s and on window focus as the fallback, and a popover with the latest notifications. Clicking one marks it read and
 * opens the order's detail; "mark all read" clears the badge.
 */
import { useState } from 'react';
import { Badge, Button, Empty, List, Popover, Tooltip, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@swo/contract';
import { call } from '../app/api.ts';
import { orderDetailPath } from '../app/dynamicRoutes.ts';
import { formatTime } from '../app/format.ts';
import { keys } from '../app/queryKeys.ts';
import { useSession } from '../app/session.ts';

dayjs.extend(relativeTime);

/** How often the badge asks (docs/design.md, "Notifications"). */
export const NOTIFICATION_POLL_MS = 60_000;
/** How many the popover lists. */
const LATEST = 10;

export default function NotificationBell({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const routes = useSession((s) => s.routes);
  const [open, setOpen] = useState(false);
  const latest = useQuery({
    queryKey: keys.notifications.latest(),
    queryFn: () => call('notificationList', { pageNo: 1, pageSize: LATEST }, { silent: true }),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const read = useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) => call('notificationRead', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.notifications.all }),
  });
  const unread = latest.data?.unread ?? 0;
  const items = latest.data?.data ?? [];

  const openItem = (n: NotificationItem) => {
    if (!n.read_at) read.mutate({ ids: [n.id] });
    const path = orderDetailPath(routes, n.work_order_id);
    setOpen(false);
    if (path) void navigate(path);
  };

  const content = (
    <div className="notification-panel" data-testid="notification-panel">
      <div className="notification-panel-head">
        <Typography.Text strong>{t('notifications.title')}</Typography.Text>
        <Button type="link" size="small" disabled={!unread} onClick={() => read.mutate({ all: true })} data-testid="notification-read-all">
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <List
        size="small"
        loading={latest.isPending}
        dataSource={items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} /> }}
        renderItem={(n) => (
          <List.Item
            className={`notification-item${n.read_at ? '' : ' notification-unread'}`}
            onClick={() => openItem(n)}
            data-testid="notification-item"
            role="button"
            tabIndex={0}
            onKeyDown={(e) => {
              if (e.key === 'Enter') openItem(n);
            }}
          >
            <List.Item.Meta
              avatar={<Badge status={n.read_at ? 'default' : 'processing'} />}
              title={t(`notifications.events.${n.event}`)}
              description={
                <>
                  <div className="notification-order">
                    <span className="order-no">{n.order_no}</span> {n.title}
                  </div>
                  <Tooltip title={formatTime(n.created_at)}>
                    <span className="notification-time">{dayjs(n.created_at).fromNow()}</span>
                  </Tooltip>
                </>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      <Button
        type="text"
        aria-label={t('notifications.bell', { n: unread })}
        data-testid="notification-bell"
        style={dark ? { color: 'rgba(255,255,255,0.85)' } : undefined}
        icon={
          <Badge count={unread} size="small" offset={[4, -2]} data-testid="notification-badge">
            <BellOutlined style={{ fontSize: 16, color: 'inherit' }} />
          </Badge>
        }
      />
    </Popover>
  );
}
