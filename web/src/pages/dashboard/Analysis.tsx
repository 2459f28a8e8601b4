/**
 * The analysis dashboard (menu component Analysis, /dashboard/analysis[/:pageNo]): a
 * greeting by the hour with the user's name, the company's counts by status, and for a
 * date range (default the last 30 days) the totals, the created / completed trend, the
 * per-application bar chart and the per-handler table (its page is the optional :pageNo).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Card, Col, DatePicker, Row, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { StaffStats } from '@swo/contract';
import { appData, staffData } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import { useSession } from '../../app/session.ts';
import TableExport from '../../components/export/TableExport.tsx';
import type { ExportColumn } from '../../components/export/exportRows.ts';
import { useRoleCan } from '../workorder/useRoleCan.ts';
import { appSeries, trendSeries } from './chartData.ts';
import { lastDays, parsePageNo, welcomeKey } from './greeting.ts';
import StaffTable from './StaffTable.tsx';
import StatusCards from './StatusCards.tsx';
import TotalsRow from './TotalsRow.tsx';

// The chart library is large: it loads after the rest of the page, in its own chunk.
const TrendChart = lazy(() => import('./TrendChart.tsx'));
const AppBarChart = lazy(() => import('./AppBarChart.tsx'));

/** Days in the default range. */
const DEFAULT_DAYS = 30;
const BASE = '/dashboard/analysis';

export default function Analysis() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useRoleCan();
  const name = useSession((s) => s.info?.staff_name || s.info?.nickname || s.name);
  const pageNo = parsePageNo(useParams().pageNo);
  const [range, setRange] = useState<[string, string]>(() => lastDays(DEFAULT_DAYS));
  const body = { date_from: range[0], date_to: range[1] };

  const apps = useQuery({ queryKey: keys.stats.applications(body), queryFn: () => appData(body) });
  const staff = useQuery({ queryKey: keys.stats.staff(body), queryFn: () => staffData(body) });

  const labels = useMemo(() => ({ created: t('dashboard.totals.created'), completed: t('dashboard.totals.completed'), open: t('dashboard.totals.open') }), [t]);
  const trend = useMemo(() => trendSeries(apps.data?.trend ?? [], labels), [apps.data, labels]);
  const perApp = useMemo(() => appSeries(apps.data?.applications ?? [], labels), [apps.data, labels]);

  if (pageNo === null) return <Navigate to="/404" replace />;

  const staffExport: ExportColumn<StaffStats>[] = [
    { title: t('dashboard.staff.name'), dataIndex: 'staff_name' },
    { title: t('dashboard.staff.department'), dataIndex: 'department_name' },
    { title: t('dashboard.totals.created'), dataIndex: 'created' },
    { title: t('dashboard.totals.completed'), dataIndex: 'completed' },
    { title: t('dashboard.totals.open'), dataIndex: 'open' },
    { title: t('dashboard.staff.avgHours'), dataIndex: 'avg_handle_hours' },
    { title: t('dashboard.staff.overdue'), dataIndex: 'overdue' },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="dashboard">
      <Card variant="borderless">
        <Row align="middle" gutter={[16, 16]} justify="space-between">
          <Col>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="greeting">
              {t('dashboard.greeting', { greeting: t(welcomeKey()), name })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.subtitle')}</Typography.Text>
          </Col>
          <Col>
            <Space wrap>
              <Typography.Text>{t('dashboard.range')}</Typography.Text>
              <DatePicker.RangePicker
                allowClear={false}
                value={[dayjs(range[0]), dayjs(range[1])]}
                disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
                onChange={(v) => {
                  if (v?.[0] && v[1]) setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')]);
                }}
                presets={[
                  { label: t('dashboard.presets.week'), value: [dayjs().subtract(6, 'day'), dayjs()] },
                  { label: t('dashboard.presets.month'), value: [dayjs().subtract(29, 'day'), dayjs()] },
                  { label: t('dashboard.presets.quarter'), value: [dayjs().subtract(89, 'day'), dayjs()] },
                ]}
                data-testid="dashboard-range"
              />
            </Space>
          </Col>
        </Row>
      </Card>
      {can('workorder.query') ? <StatusCards /> : null}
      <Card variant="borderless" title={t('dashboard.totalsTitle', { from: range[0], to: range[1] })} loading={apps.isLoading}>
        <TotalsRow totals={apps.data?.totals} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title={t('dashboard.trendTitle')} loading={apps.isLoading}>
            <Suspense fallback={<Skeleton active />}>
              <TrendChart data={trend} />
            </Suspense>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={t('dashboard.appTitle')} loading={apps.isLoading}>
            <Suspense fallback={<Skeleton active />}>
              <AppBarChart data={perApp} />
            </Suspense>
          </Card>
        </Col>
      </Row>
      <Card
        variant="borderless"
        title={t('dashboard.staffTitle')}
        extra={<TableExport columns={staffExport} data={staff.data?.staff ?? []} skipLast={false} size="small" />}
      >
        <StaffTable
          rows={staff.data?.staff ?? []}
          loading={staff.isFetching}
          pageNo={pageNo ?? 1}
          onPage={(n) => void navigate(n === 1 ? BASE : `${BASE}/${n}`)}
        />
      </Card>
    </Space>
  );
}
