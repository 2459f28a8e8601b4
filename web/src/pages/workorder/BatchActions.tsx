/**
 * Batch actions on the selected orders of the list: claim (`workorder.renling`), assign
 * (`workorder.zhipai`, staff picker) and reject (`workorder.zhipai`, reason). Each user
 * action sends one idempotency key; the per-item results are shown in a dialog.
 * Each button acts only on the selected orders whose `allowed_actions` have its action,
 * and says how many of the selection that is when it is not all of them.
 */
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchReply, PermissionCode, WorkOrder } from '@swo/contract';
import { batchAssign, batchClaim, batchReject } from '../../app/api.ts';
import BatchResultDialog from '../../components/batch/BatchResultDialog.tsx';
import { newIdempotencyKey, summarize, type BatchSummary } from '../../components/batch/batchSummary.ts';
import ReasonDialog from '../../components/ReasonDialog.tsx';
import AssignDialog from './AssignDialog.tsx';

type Kind = 'claim' | 'assign' | 'reject';

export const BATCH_KINDS: readonly Kind[] = ['claim', 'assign', 'reject'];

export default function BatchActions({ selected, can, onDone }: { selected: WorkOrder[]; can: (code: PermissionCode) => boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Kind | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: Kind; summary: BatchSummary } | null>(null);
  const eligible = (kind: Kind) => selected.filter((o) => o.allowed_actions.includes(kind));
  const claimable = eligible('claim');
  const assignable = eligible('assign');
  const rejectable = eligible('reject');
  const apps = new Set(assignable.map((o) => o.application_id));
  /** The button's label, with "n/total" when it would act on part of the selection. */
  const label = (kind: Kind, n: number) =>
    n === selected.length ? t(`batch.${kind}`) : t('batch.partial', { action: t(`batch.${kind}`), n, total: selected.length });
  const hint = (n: number) => (n === selected.length ? undefined : t('batch.partialHint', { n, total: selected.length }));

  /** Runs one batch call with a fresh idempotency key and shows its results. */
  const run = async (kind: Kind, call: (ids: number[], key: string) => Promise<BatchReply>) => {
    const picked = eligible(kind).map((o) => ({ id: o.id, order_no: o.order_no }));
    const reply = await call(
      picked.map((o) => o.id),
      newIdempotencyKey(),
    );
    setResult({ kind, summary: summarize(picked, reply.results ?? []) });
    onDone();
  };

  const claim = async () => {
    setBusy(true);
    try {
      await run('claim', batchClaim);
    } catch {
      // Reported by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space wrap size={8} className="batch-actions">
      <Typography.Text type="secondary" data-testid="selected-count">
        {t('batch.selected', { n: selected.length })}
      </Typography.Text>
      {can('workorder.renling') ? (
        <Button disabled={!claimable.length} loading={busy} onClick={() => void claim()} title={hint(claimable.length)} data-testid="batch-claim">
          {label('claim', claimable.length)}
        </Button>
      ) : null}
      {can('workorder.zhipai') ? (
        <Button type="primary" disabled={!assignable.length} onClick={() => setDialog('assign')} title={hint(assignable.length)} data-testid="batch-assign">
          {label('assign', assignable.length)}
        </Button>
      ) : null}
      {can('workorder.zhipai') ? (
        <Button danger disabled={!rejectable.length} onClick={() => setDialog('reject')} title={hint(rejectable.length)} data-testid="batch-reject">
          {label('reject', rejectable.length)}
        </Button>
      ) : null}
      <AssignDialog
        open={dialog === 'assign'}
        title={t('batch.assignTitle', { n: assignable.length })}
        subtitle={assignable.map((o) => o.order_no).join('、')}
        // Bound staff can only be marked when all orders belong to one application.
        applicationId={apps.size === 1 ? [...apps][0] : undefined}
        onSubmit={(staffId, note) => run('assign', (ids, key) => batchAssign(ids, staffId, note, key))}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        title={t('batch.rejectTitle', { n: rejectable.length })}
        label={t('reason.reject')}
        required
        danger
        okText={t('workOrder.actions.reject')}
        onSubmit={(reason) => run('reject', (ids, key) => batchReject(ids, reason, key))}
        onClose={() => setDialog(null)}
      />
      <BatchResultDialog title={result ? t(`batch.resultTitle.${result.kind}`) : ''} summary={result?.summary ?? null} onClose={() => setResult(null)} />
    </Space>
  );
}
