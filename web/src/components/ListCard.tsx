/**
 * The frame of the management list screens (accounts, companies, roles, staff, positions,
 * categories), so they look and behave alike: a card with the title, an add button in its
 * corner (only when the route grants the add action), an optional hint line, the filter
 * row and the paged table; the screen's dialogs go in as children.
 */
import type { ReactNode } from 'react';
import { Button, Card, Flex, Space, Table, Typography, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@swo/contract';
import { usePermission } from '../app/routeContext.ts';
import { useSettings } from '../app/settings.ts';

export interface ListCardProps<T> {
  title: string;
  /** Prefix of the test ids `<testId>-add` and `<testId>-table`. */
  testId: string;
  /** The add button; hidden unless the route grants `permission`. */
  add: { permission: PermissionCode; label: string; onClick: () => void };
  /** More buttons in the card's corner, before the add button. */
  actions?: ReactNode;
  /** A secondary line under the title explaining the screen. */
  hint?: ReactNode;
  filters: ReactNode;
  /** A panel beside the filters and table (stacked above them on a phone), e.g. the department tree. */
  aside?: ReactNode;
  /** The table's props; rows are keyed by `id` unless `rowKey` says otherwise. */
  table: TableProps<T>;
  /** The screen's dialogs. */
  children?: ReactNode;
}

/** A list screen's card: title, add button, hint, filters and table (see the file comment). */
export default function ListCard<T extends object>({ title, testId, add, actions, hint, filters, aside, table, children }: ListCardProps<T>) {
  const can = usePermission();
  const isMobile = useSettings((st) => st.isMobile);
  const list = (
    <>
      {filters}
      <Table<T> rowKey="id" size="middle" {...table} data-testid={`${testId}-table`} />
    </>
  );
  return (
    <Card
      className="page-card"
      title={title}
      variant="borderless"
      extra={
        <Space wrap>
          {actions}
          {can(add.permission) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick} data-testid={`${testId}-add`}>
              {add.label}
            </Button>
          ) : null}
        </Space>
      }
    >
      {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
      {aside ? (
        <Flex gap={16} vertical={isMobile} align="stretch" className={isMobile ? 'list-card-layout list-card-layout-stacked' : 'list-card-layout'}>
          {aside}
          <div className="list-card-main">{list}</div>
        </Flex>
      ) : (
        list
      )}
      {children}
    </Card>
  );
}
