/** The order's progress as antd Steps: submitted → processing → (review) → completed, or its end state. */
import type { ReactNode } from 'react';
import { Steps } from 'antd';
import { CloseCircleOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDetail } from '@swo/contract';
import { orderProgress, type StepKey } from './orderSteps.ts';
import { useNarrow } from './useNarrow.ts';

const END_ICONS: Partial<Record<StepKey, ReactNode>> = {
  rejected: <CloseCircleOutlined />,
  cancelled: <StopOutlined />,
  withdrawn: <RollbackOutlined />,
};

export default function OrderProgressSteps({ order }: { order: PublicOrderDetail }) {
  const { t } = useTranslation();
  const p = orderProgress(order.status, order.timeline);
  // Four steps with labels under them need about 460 px: phones stack them.
  const narrow = useNarrow();
  return (
    <Steps
      className="portal-steps"
      size="small"
      direction={narrow ? 'vertical' : 'horizontal'}
      labelPlacement={narrow ? 'horizontal' : 'vertical'}
      responsive={false}
      current={p.current}
      status={p.status}
      data-testid="portal-steps"
      items={p.steps.map((k, i) => ({
        key: k,
        title: t(`portal.steps.${k}`),
        icon: i === p.current ? END_ICONS[k] : undefined,
      }))}
    />
  );
}
