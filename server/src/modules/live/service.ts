/**
 * The event streams of signed-in staff (docs/design.md, "Live updates"). One stream per
 * connection, for one user in one company; it passes on only what that user may know:
 * - an `order` event when an order of the stream's company changed and the user may see
 *   it under their data scope now (the rule of the list, `visibilityOf` + `findOrder`);
 * - a `notification` event when the change notified this user.
 * Another company's events never reach it. The session and the membership are checked
 * again (under the current auth epoch, "Caller cache") before every delivery and at every
 * heartbeat: a logout, a disabled account or membership, or a role change ends the stream
 * or changes what it passes on at once.
 */
import type { Kysely } from 'kysely';
import type { CompanyId, UserId, WorkOrderId } from '@swo/contract';
import type { DB } from '../../db/schema.ts';
import type { CompanyScope } from '../../http/context.ts';
import type { AccessService } from '../access/service.ts';
import type { AuthService } from '../auth/service.ts';
import { forCompany } from '../tenancy/for-company.ts';
import { visibilityOf } from '../work-orders/visibility.ts';
import type { LiveBus } from './bus.ts';
import type { LiveEvent } from './repo.ts';

/** Where a stream writes: SSE frames, already formatted by the caller's transport. */
export interface LiveSink {
  event(name: 'ready' | 'order' | 'notification', data: unknown): void;
  comment(text: string): void;
  /** Ends the stream from the server side (session revoked, server closing); resolves once the reply is done. */
  end(): Promise<void>;
}

export interface LiveStream {
  /** Starts delivering (events heard since `open` are delivered first). */
  start(): void;
  /** Stops delivering and lets go of the subscription and timers (client gone). */
  close(): void;
}

export interface LiveServiceOptions {
  /** Comment every this many ms (keeps proxies from closing an idle stream; re-checks the session). */
  heartbeatMs?: number;
  /** Where a failed delivery is reported (the stream is then ended; the client reconnects). */
  onError?: (err: unknown) => void;
}

/** How many changed orders one delivery checks at most: the client only needs to know that something it sees changed. */
const MAX_CHECKED = 50;

export function createLiveService(db: Kysely<DB>, bus: LiveBus, auth: AuthService, access: AccessService, opts: LiveServiceOptions = {}) {
  const open = new Set<LiveStream & { end(): Promise<void> }>();

  /** The membership behind `token` now, or null when the session or the membership is gone. */
  async function stillAllowed(token: string, userId: UserId, companyId: CompanyId): Promise<CompanyScope | null> {
    const epoch = await auth.epoch();
    const a = await auth.authenticate(token, epoch);
    if (!a || a.userId !== userId) return null;
    return access.scopeFor(userId, companyId, epoch);
  }

  /** Of the changed orders, those the member sees now (stops at MAX_CHECKED visible). */
  async function visibleOf(scope: CompanyScope, orderIds: WorkOrderId[]): Promise<WorkOrderId[]> {
    const data = forCompany(db, scope.companyId);
    const visibility = await visibilityOf(data, scope);
    if (visibility.kind === 'company') return orderIds.slice(0, MAX_CHECKED);
    const out: WorkOrderId[] = [];
    for (const id of orderIds) {
      if (out.length >= MAX_CHECKED) break;
      if (await data.orders.findOrder(id, visibility)) out.push(id);
    }
    return out;
  }

  return {
    /**
     * Opens the stream of `userId` in `companyId` (already checked by the guard) on `sink`.
     * Throws when the bus cannot listen (the caller answers with an error envelope).
     */
    async open(token: string, userId: UserId, companyId: CompanyId, sink: LiveSink): Promise<LiveStream> {
      let pending: LiveEvent[] = [];
      let started = false;
      let draining = false;
      let done = false;
      let heartbeat: NodeJS.Timeout | null = null;
      let unsubscribe: () => void = () => undefined;

      const close = () => {
        if (done) return;
        done = true;
        unsubscribe();
        if (heartbeat) clearInterval(heartbeat);
        open.delete(stream);
      };
      const end = async () => {
        if (done) return;
        close();
        await sink.end();
      };

      // Events that came in while the last delivery ran are delivered together, after it.
      const drain = async () => {
        if (draining || !started || done || !pending.length) return;
        draining = true;
        try {
          while (pending.length && !done) {
            const batch = pending;
            pending = [];
            const scope = await stillAllowed(token, userId, companyId);
            if (!scope) return await end();
            if (batch.some((e) => e.notified.includes(userId))) sink.event('notification', {});
            const ids = [...new Set(batch.map((e) => e.orderId as WorkOrderId))];
            const visible = await visibleOf(scope, ids);
            if (visible.length && !done) sink.event('order', { ids: visible });
          }
        } finally {
          draining = false;
        }
      };
      const fail = (err: unknown) => {
        opts.onError?.(err);
        void end();
      };

      const stream = {
        start() {
          started = true;
          sink.event('ready', {});
          heartbeat = setInterval(() => {
            stillAllowed(token, userId, companyId)
              .then((scope) => (scope ? sink.comment('heartbeat') : end()))
              .catch(fail);
          }, opts.heartbeatMs ?? 25_000);
          heartbeat.unref();
          drain().catch(fail);
        },
        close,
        end,
      };
      unsubscribe = await bus.subscribe((e) => {
        if (e.companyId !== companyId || done) return;
        pending.push(e);
        drain().catch(fail);
      });
      open.add(stream);
      return stream;
    },

    /** Ends every open stream and stops the bus (the server is closing). */
    async close(): Promise<void> {
      await Promise.all([...open].map((s) => s.end()));
      await bus.close();
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
