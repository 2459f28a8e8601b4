/**
 * The SMS outbox (platform administrators, from the accounts screen): the messages the
 * offline provider "sent", newest first, so a demo or an installation without an SMS
 * service can still hand out sign-in and recovery codes (docs/design.md, "Sign-in by SMS").
 * Filtered by phone number; codes in it die after 5 minutes, messages after a week.
 */
import { useState } from 'react';
import { Drawer, Input, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SmsOutboxItem } from '@swo/contract';
import { smsOutbox } from '../../app/api.ts';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';

const PAGE_SIZE = 10;

export default function SmsOutbox({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const query = { pageNo, pageSize: PAGE_SIZE, ...(mobile ? { mobile } : {}) };
  const list = useQuery({
    queryKey: keys.smsOutbox(query),
    queryFn: () => smsOutbox(query),
    enabled: open,
    placeholderData: keepPreviousData,
    refetchInterval: open ? 5000 : false,
  });

  return (
    <Drawer title={t('platform.sms.title')} open={open} onClose={onClose} width={720} destroyOnHidden data-testid="sms-outbox">
      <Typography.Paragraph type="secondary">{t('platform.sms.hint')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('platform.sms.phone')}
        onSearch={(v) => {
          setMobile(v.trim());
          setPageNo(1);
        }}
        style={{ maxWidth: 280, marginBottom: 16 }}
        data-testid="sms-outbox-search"
      />
      <Table<SmsOutboxItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.data ?? []}
        columns={[
          { title: t('platform.sms.time'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
          { title: t('platform.sms.phone'), dataIndex: 'phone', width: 130 },
          { title: t('platform.sms.text'), dataIndex: 'text' },
        ]}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: list.data?.totalCount ?? 0, onChange: setPageNo, showSizeChanger: false }}
        data-testid="sms-outbox-table"
      />
    </Drawer>
  );
}
