/**
 * `/account/center` (docs/product.md, section 2; docs/design.md, "Account pages"): the
 * person's avatar, nickname and account; the companies they work in with role, department
 * and position; and their 20 latest actions from the operation log, in every company.
 */
import { Avatar, Card, Col, Descriptions, Empty, List, Row, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';

export default function AccountCenter() {
  const { t } = useTranslation();
  const center = useQuery({ queryKey: keys.account.center, queryFn: () => call('accountCenter', {}) });
  const data = center.data;
  const moduleName = (m: string) => t(`operationLog.modules.${m}`, { defaultValue: m });
  const actionName = (a: string) => t(`operationLog.actions.${a}`, { defaultValue: a });

  return (
    <Row gutter={[16, 16]} data-testid="account-center">
      <Col xs={24} lg={8}>
        <Card variant="borderless" loading={center.isPending}>
          {data ? (
            <div className="account-card">
              <Avatar size={88} src={data.account.avatar || undefined} icon={<UserOutlined />} style={{ backgroundColor: '#1890ff' }} />
              <Typography.Title level={4} style={{ marginBottom: 0 }}>
                {data.account.nickname || data.account.username}
              </Typography.Title>
              <Typography.Text type="secondary">{data.account.username}</Typography.Text>
              <Descriptions column={1} size="small" style={{ marginTop: 16, width: '100%' }}>
                <Descriptions.Item label={t('account.center.email')}>{data.account.email || '-'}</Descriptions.Item>
                <Descriptions.Item label={t('account.center.phone')}>{data.account.phone || '-'}</Descriptions.Item>
                <Descriptions.Item label={t('account.center.since')}>{formatTime(data.account.created_at)}</Descriptions.Item>
              </Descriptions>
              <Link to="/account/settings">{t('account.settings.title')}</Link>
            </div>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card variant="borderless" title={t('account.center.companies')} loading={center.isPending}>
            <List
              dataSource={data?.companies ?? []}
              locale={{ emptyText: <Empty description={t('account.center.noCompany')} /> }}
              renderItem={(c) => (
                <List.Item>
                  <List.Item.Meta title={c.company_name} description={[c.staff_name, c.department_name, c.position_name].filter(Boolean).join(' · ')} />
                  <Tag color="blue">{c.role_name}</Tag>
                </List.Item>
              )}
            />
          </Card>
          <Card variant="borderless" title={t('account.center.activity')} loading={center.isPending}>
            <List
              size="small"
              dataSource={data?.activity ?? []}
              data-testid="account-activity"
              locale={{ emptyText: <Empty description={t('account.center.noActivity')} /> }}
              renderItem={(a) => (
                <List.Item>
                  <Space wrap size={8}>
                    <Typography.Text strong>{actionName(a.action)}</Typography.Text>
                    <Tag>{moduleName(a.module)}</Tag>
                    {a.company_name ? <Typography.Text type="secondary">{a.company_name}</Typography.Text> : null}
                  </Space>
                  <Typography.Text type="secondary">
                    {formatTime(a.created_at)} · {a.ip}
                  </Typography.Text>
                </List.Item>
              )}
            />
          </Card>
        </Space>
      </Col>
    </Row>
  );
}
