/**
 * Handlers of the staff work-order calls: reads, statistics, single actions, batches and
 * staff-side create, edit and delete. Each only calls a service; the services own
 * transactions and permission rules (docs/design.md, "Work-order state machine").
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { actorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

/** The Idempotency-Key header of a batch call, if any (at most 128 characters). */
const idempotencyKey = (req: FastifyRequest) => {
  const h = req.headers['idempotency-key'];
  return typeof h === 'string' && h.trim() ? h.trim().slice(0, 128) : undefined;
};

export const workOrderHandlers = (s: Services) => {
  const { workOrders: reads, workOrderActions: acts, stats } = s;
  return defineHandlers({
    // --- reads
    workOrderList: async (q, { req }) => reads.list(actorOf(req), q),
    workOrderDetail: async (q, { req }) => reads.detail(actorOf(req), q.id),
    workOrderRecords: async (q, { req }) => reads.records(actorOf(req), q.id, 'all'),
    assignmentRecords: async (q, { req }) => reads.records(actorOf(req), q.id, 'assignments'),
    assignableStaff: async (q, { req }) => reads.employees(actorOf(req), q),
    myWorkOrders: async (b, { req }) => reads.mine(actorOf(req), b),
    statusCounts: async (_, { req }) => reads.counts(actorOf(req)),
    awaitingAssignment: async (b, { req }) => reads.awaitingAssignment(actorOf(req), b.name || undefined),
    orderKinds: async (_, { req }) => reads.kinds(actorOf(req)),
    orderKindDetail: async (b, { req }) => reads.kindDetail(actorOf(req), b.id),

    // --- statistics
    applicationStats: async (b, { req }) => stats.applications(actorOf(req), b),
    applicationStatsDetail: async (b, { req }) => stats.application(actorOf(req), b.application_id, b),
    staffStats: async (b, { req }) => stats.staff(actorOf(req), b),

    // --- single actions
    claim: async (b, { req }) => acts.act(actorOf(req), b.id, 'claim', { version: b.version }),
    claimByLink: async (q, { req }) => acts.act(actorOf(req), q.id, 'claim'),
    reassign: async (b, { req }) => acts.act(actorOf(req), b.id, 'reassign', { staffId: b.staff_id, note: b.note, version: b.version }),
    complete: async (b, { req }) => acts.act(actorOf(req), b.id, 'complete', { note: b.note, version: b.version }),
    reject: async (b, { req }) => acts.act(actorOf(req), b.id, 'reject', { reason: b.reason, version: b.version }),
    examine: async (b, { req }) => acts.act(actorOf(req), b.id, b.pass ? 'examine_pass' : 'examine_fail', { reason: b.reason, version: b.version }),
    cancel: async (b, { req }) => acts.act(actorOf(req), b.id, 'cancel', { reason: b.reason, version: b.version }),
    resubmit: async (b, { req }) => acts.act(actorOf(req), b.id, 'resubmit', { formData: b.form_data, version: b.version }),
    addNote: async (b, { req }) => {
      await acts.note(actorOf(req), b.id, b.note);
      return null;
    },

    // --- batches: each item on its own; the same Idempotency-Key makes a retry act once
    batchClaim: async (b, { req }) => {
      const actor = actorOf(req);
      return s.idempotency(actor, idempotencyKey(req), ['batchClaim', b], () => acts.batch(actor, b.ids, 'claim'));
    },
    batchAssign: async (b, { req }) => {
      const actor = actorOf(req);
      return s.idempotency(actor, idempotencyKey(req), ['batchAssign', b], () => acts.batch(actor, b.ids, 'assign', { staffId: b.staff_id, note: b.note }));
    },
    batchReject: async (b, { req }) => {
      const actor = actorOf(req);
      return s.idempotency(actor, idempotencyKey(req), ['batchReject', b], () => acts.batch(actor, b.ids, 'reject', { reason: b.reason }));
    },

    // --- staff-side create, edit, delete
    createWorkOrder: async (b, { req }) => acts.create(actorOf(req), b),
    editWorkOrder: async (b, { req }) => acts.edit(actorOf(req), b.id, b.form_data, b.version),
    deleteWorkOrder: async (q, { req }) => {
      await acts.remove(actorOf(req), q.id);
      return null;
    },
  });
};
