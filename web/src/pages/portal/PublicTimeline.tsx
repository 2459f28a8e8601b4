/** The public timeline of an order, newest first: what happened, the reason or note, when. */
import { Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PublicOrderDetail } from '@swo/contract';
import { formatTime } from '../../app/format.ts';

/** Timeline colours by action (the staff side's records use the same ones). */
const COLORS: Record<string, string> = {
  create: 'blue',
  resubmit: 'blue',
  claim: 'cyan',
  assign: 'cyan',
  dispatch: 'cyan',
  reassign: 'cyan',
  complete: 'green',
  examine_pass: 'green',
  reject: 'red',
  cancel: 'gray',
  withdraw: 'gray',
};

/** Actions the public timeline knows (the server sends no others). */
export const PUBLIC_ACTIONS = Object.keys(COLORS);

export default function PublicTimeline({ timeline }: { timeline: PublicOrderDetail['timeline'] }) {
  const { t, i18n } = useTranslation();
  if (!timeline.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const label = (a: string) => (i18n.exists(`portal.timeline.${a}`) ? t(`portal.timeline.${a}`) : a);
  const noteLabel = (a: string) => (a === 'complete' ? t('portal.timeline.completeNote') : t('portal.fields.reason'));
  return (
    <Timeline
      className="portal-timeline"
      style={{ marginTop: 8 }}
      items={[...timeline].reverse().map((r, i) => ({
        key: i,
        color: COLORS[r.action] ?? 'blue',
        children: (
          <div data-testid="portal-event" data-action={r.action}>
            <Typography.Text strong>{label(r.action)}</Typography.Text>
            {r.note ? (
              <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0', whiteSpace: 'pre-wrap' }}>
                {noteLabel(r.action)}: {r.note}
              </Typography.Paragraph>
            ) : null}
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(r.created_at)}
              </Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
}
