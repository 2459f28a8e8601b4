/** The person's live sessions: browser, address, start and last use, the current one marked. */
import { Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionItem } from '@swo/contract';
import { formatTime } from '../../app/format.ts';
import { describeAgent } from '../user/agent.ts';

export interface SessionListProps {
  sessions: SessionItem[];
  loading: boolean;
  onRevoke: (s: SessionItem) => void;
  onRevokeOthers: () => void;
}

export default function SessionList({ sessions, loading, onRevoke, onRevokeOthers }: SessionListProps) {
  const { t } = useTranslation();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <Table<SessionItem>
        rowKey="id"
        size="middle"
        loading={loading}
        pagination={false}
        dataSource={sessions}
        scroll={{ x: 720 }}
        data-testid="session-list"
        columns={[
          {
            title: t('account.security.browser'),
            dataIndex: 'user_agent',
            render: (v: string, s) => (
              <>
                {describeAgent(v)} {s.current ? <Tag color="blue">{t('account.security.thisDevice')}</Tag> : null}
              </>
            ),
          },
          { title: t('qr.approve.ip'), dataIndex: 'ip', width: 140 },
          { title: t('account.security.started'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
          { title: t('account.security.lastUsed'), dataIndex: 'last_seen_at', width: 170, render: (v: string) => formatTime(v) },
          {
            title: t('org.fields.actions'),
            key: 'actions',
            width: 110,
            render: (_, s) =>
              s.current ? null : (
                <Button type="link" size="small" danger onClick={() => onRevoke(s)} data-testid="session-revoke">
                  {t('account.security.signOut')}
                </Button>
              ),
          },
        ]}
      />
      <Button danger disabled={others === 0} onClick={onRevokeOthers} style={{ marginTop: 16 }} data-testid="session-revoke-others">
        {t('account.security.signOutOthers', { n: others })}
      </Button>
    </>
  );
}
