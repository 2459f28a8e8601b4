/**
 * The action buttons of the detail page: one for every action the server allows now
 * (`allowed_actions`: claim, assign, reassign, complete, examine pass / fail, reject,
 * cancel, resubmit, withdraw, internal note) plus edit (unassigned or rejected,
 * `workorder.edit`) and delete (cancelled or withdrawn, `workorder.delete`). Reasons are
 * asked in a dialog; the displayed version goes along where the call takes it. Errors are
 * shown by the HTTP client; after each action (or a 409) the detail is refreshed.
 */
import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DELETABLE_STATUSES, EDITABLE_STATUSES, type WorkOrderDetail } from '@swo/contract';
import {
  addNote,
  batchAssign,
  cancelWorkOrder,
  deleteWorkOrder,
  examineWorkOrder,
  reassignWorkOrder,
  rejectWorkOrder,
  resubmitWorkOrder,
  withdrawWorkOrder,
} from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { ApiError } from '../../app/request.ts';
import { newIdempotencyKey } from '../../components/batch/batchSummary.ts';
import ReasonDialog from '../../components/ReasonDialog.tsx';
import AssignDialog from './AssignDialog.tsx';
import ClaimButton from './ClaimButton.tsx';
import CompleteButton from './CompleteButton.tsx';
import EditOrderDialog from './EditOrderDialog.tsx';
import { useRoleCan } from './useRoleCan.ts';

type Dialog = 'assign' | 'reassign' | 'reject' | 'cancel' | 'examine_fail' | 'note' | 'edit' | null;

export default function DetailActions({ order: o, onDone, onDeleted }: { order: WorkOrderDetail; onDone: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const can = useRoleCan();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState('');
  const allowed = new Set(o.allowed_actions ?? []);
  const close = () => setDialog(null);

  /** Runs a call, then refreshes; a conflict (409) also refreshes so the user sees why. */
  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      feedback.message.success(t(done));
      onDone();
    } catch (e) {
      if (e instanceof ApiError && (e.code === 409 || e.code === 403)) onDone();
      throw e;
    }
  };

  /** Buttons without a dialog ask for confirmation first. */
  const confirmed = (key: string, title: string, call: () => Promise<unknown>, done: string, danger = false) => {
    feedback.modal.confirm({
      title,
      okText: t('buttons.confirm'),
      cancelText: t('buttons.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        setBusy(key);
        try {
          await act(call, done);
        } catch {
          // Reported by the HTTP client.
        } finally {
          setBusy('');
        }
      },
    });
  };

  const assignOne = async (staffId: number, note?: string) => {
    const reply = await batchAssign([o.id], staffId, note, newIdempotencyKey());
    const r = reply.results?.[0];
    if (!r?.ok) {
      feedback.message.error(r?.msg || t('batch.failed'));
      onDone();
      throw new Error(r?.msg);
    }
    feedback.message.success(t('detailActions.assigned'));
    onDone();
  };

  const canEdit = can('workorder.edit') && EDITABLE_STATUSES.includes(o.status);
  const canDelete = can('workorder.delete') && DELETABLE_STATUSES.includes(o.status);
  const handlerId = o.handler_id;

  return (
    <Space wrap data-testid="detail-actions">
      {allowed.has('claim') ? <ClaimButton orderId={o.id} version={o.version} type="primary" onDone={onDone} /> : null}
      {allowed.has('assign') ? (
        <Button type="primary" onClick={() => setDialog('assign')} data-testid="action-assign">
          {t('workOrder.actions.assign')}
        </Button>
      ) : null}
      {allowed.has('complete') ? <CompleteButton orderId={o.id} orderNo={o.order_no} version={o.version} type="primary" onDone={onDone} /> : null}
      {allowed.has('examine_pass') ? (
        <Button
          type="primary"
          loading={busy === 'examine_pass'}
          onClick={() =>
            confirmed(
              'examine_pass',
              t('detailActions.examinePassConfirm', { no: o.order_no }),
              () => examineWorkOrder(o.id, true),
              'detailActions.examinePassed',
            )
          }
          data-testid="action-examine-pass"
        >
          {t('detailActions.examinePass')}
        </Button>
      ) : null}
      {allowed.has('examine_fail') ? (
        <Button danger onClick={() => setDialog('examine_fail')} data-testid="action-examine-fail">
          {t('detailActions.examineFail')}
        </Button>
      ) : null}
      {allowed.has('reassign') ? (
        <Button onClick={() => setDialog('reassign')} data-testid="action-reassign">
          {t('workOrder.actions.reassign')}
        </Button>
      ) : null}
      {allowed.has('resubmit') ? (
        <Button
          loading={busy === 'resubmit'}
          onClick={() =>
            confirmed('resubmit', t('detailActions.resubmitConfirm', { no: o.order_no }), () => resubmitWorkOrder(o.id), 'detailActions.resubmitted')
          }
          data-testid="action-resubmit"
        >
          {t('workOrder.actions.resubmit')}
        </Button>
      ) : null}
      {canEdit ? (
        <Button onClick={() => setDialog('edit')} data-testid="action-edit">
          {t('detailActions.edit')}
        </Button>
      ) : null}
      {allowed.has('note') ? (
        <Button onClick={() => setDialog('note')} data-testid="action-note">
          {t('detailActions.addNote')}
        </Button>
      ) : null}
      {allowed.has('reject') ? (
        <Button danger onClick={() => setDialog('reject')} data-testid="action-reject">
          {t('workOrder.actions.reject')}
        </Button>
      ) : null}
      {allowed.has('withdraw') ? (
        <Button
          danger
          loading={busy === 'withdraw'}
          onClick={() =>
            confirmed('withdraw', t('detailActions.withdrawConfirm', { no: o.order_no }), () => withdrawWorkOrder(o.id), 'detailActions.withdrawn', true)
          }
          data-testid="action-withdraw"
        >
          {t('workOrder.actions.withdraw')}
        </Button>
      ) : null}
      {allowed.has('cancel') ? (
        <Button danger onClick={() => setDialog('cancel')} data-testid="action-cancel">
          {t('detailActions.cancelOrder')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          danger
          type="primary"
          loading={busy === 'delete'}
          onClick={() =>
            confirmed(
              'delete',
              t('detailActions.deleteConfirm', { no: o.order_no }),
              async () => {
                await deleteWorkOrder(o.id);
                onDeleted();
              },
              'detailActions.deleted',
              true,
            )
          }
          data-testid="action-delete"
        >
          {t('detailActions.delete')}
        </Button>
      ) : null}

      <AssignDialog
        open={dialog === 'assign'}
        title={t('detailActions.assignTitle', { no: o.order_no })}
        applicationId={o.application_id}
        onSubmit={assignOne}
        onClose={close}
      />
      <AssignDialog
        open={dialog === 'reassign'}
        title={t('detailActions.reassignTitle', { no: o.order_no })}
        subtitle={o.handler_name ? t('detailActions.currentHandler', { name: o.handler_name }) : undefined}
        applicationId={o.application_id}
        excludeId={handlerId}
        onSubmit={(staffId, note) => act(() => reassignWorkOrder(o.id, staffId, note, o.version), 'detailActions.reassigned')}
        onClose={close}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        title={t('detailActions.rejectTitle', { no: o.order_no })}
        label={t('reason.reject')}
        required
        danger
        okText={t('workOrder.actions.reject')}
        onSubmit={(reason) => act(() => rejectWorkOrder(o.id, reason, o.version), 'detailActions.rejected')}
        onClose={close}
      />
      <ReasonDialog
        open={dialog === 'cancel'}
        title={t('detailActions.cancelTitle', { no: o.order_no })}
        label={t('reason.cancel')}
        required
        danger
        okText={t('detailActions.cancelOrder')}
        onSubmit={(reason) => act(() => cancelWorkOrder(o.id, reason), 'detailActions.cancelled')}
        onClose={close}
      />
      <ReasonDialog
        open={dialog === 'examine_fail'}
        title={t('detailActions.examineFailTitle', { no: o.order_no })}
        label={t('reason.examineFail')}
        required
        danger
        okText={t('detailActions.examineFail')}
        onSubmit={(reason) => act(() => examineWorkOrder(o.id, false, reason), 'detailActions.examineFailed')}
        onClose={close}
      />
      <ReasonDialog
        open={dialog === 'note'}
        title={t('detailActions.noteTitle')}
        label={t('detailActions.noteLabel')}
        placeholder={t('detailActions.notePlaceholder')}
        required
        maxLength={2000}
        okText={t('detailActions.addNote')}
        onSubmit={(note) => act(() => addNote(o.id, note), 'detailActions.noteAdded')}
        onClose={close}
      />
      {canEdit ? <EditOrderDialog order={o} open={dialog === 'edit'} onClose={close} onDone={onDone} /> : null}
    </Space>
  );
}
