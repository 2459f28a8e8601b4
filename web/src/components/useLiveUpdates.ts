/**
 * Live updates in the SPA (docs/design.md, "Live updates"): one event stream per signed-in
 * user and company (`liveEvents`), mounted once by the signed-in layout. The browser's
 * EventSource cannot send the `token` header (and tokens never go into URLs), so the stream
 * is read with fetch and parsed by `eventsource-parser`. Events carry no order content, only
 * "read again": an `order` event refetches the work-order lists, details, counts and the
 * dashboard's statistics (debounced) and asks the awaiting-assignment reminder to look again;
 * a `notification` event refetches the bell. A lost stream is reopened with backoff, and
 * everything is refetched then, since events may have been missed. The polls stay as the
 * fallback (bell 60 s, reminder 5 min).
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { createParser } from 'eventsource-parser';
import { API_BASE } from '@swo/contract';
import { routeOf } from '../app/api.ts';
import { keys } from '../app/queryKeys.ts';
import { useSession } from '../app/session.ts';

/** Fired on `window` when an order the user may see changed (the reminder listens). */
export const ORDERS_CHANGED_EVENT = 'swo:orders-changed';

/** Changes within this many ms are refetched once. */
const DEBOUNCE_MS = 300;
/** Reconnect delays: doubled from the first up to the last. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

function debounce(fn: () => void, ms: number) {
  let timer: number | undefined;
  const run = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(fn, ms);
  };
  run.cancel = () => window.clearTimeout(timer);
  return run;
}

const refreshOrders = (qc: QueryClient) => {
  void qc.invalidateQueries({ queryKey: keys.workOrders.all });
  void qc.invalidateQueries({ queryKey: keys.stats.all });
  window.dispatchEvent(new Event(ORDERS_CHANGED_EVENT));
};
const refreshBell = (qc: QueryClient) => void qc.invalidateQueries({ queryKey: keys.notifications.all });

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (window.clearTimeout(t), resolve()), { once: true });
  });

/**
 * Reads one stream until it ends. Resolves 'refused' when the server answers with an
 * envelope (not signed in, not a member: the normal calls will show why), else 'ended'.
 */
async function readStream(token: string, companyId: number, signal: AbortSignal, on: { ready(): void; order(): void; notification(): void }) {
  const url = `${API_BASE}${(await routeOf('liveEvents')).path}?company_id=${companyId}`;
  const res = await fetch(url, { headers: { token, lang: i18n.language, accept: 'text/event-stream' }, signal, cache: 'no-store' });
  if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    // 4xx: an envelope (101, not a member); retrying will not change it until the session does.
    return res.status >= 400 && res.status < 500 ? ('refused' as const) : ('ended' as const);
  }
  const parser = createParser({
    onEvent: (e) => {
      if (e.event === 'ready') on.ready();
      else if (e.event === 'order') on.order();
      else if (e.event === 'notification') on.notification();
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'ended' as const;
    parser.feed(value);
  }
}

export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const companyId = useSession((s) => s.company?.company_id);

  useEffect(() => {
    if (!token || !companyId) return;
    const ac = new AbortController();
    const orders = debounce(() => refreshOrders(queryClient), DEBOUNCE_MS);
    const bell = debounce(() => refreshBell(queryClient), DEBOUNCE_MS);
    void (async () => {
      let delay = FIRST_RETRY_MS;
      let connectedBefore = false;
      while (!ac.signal.aborted) {
        let outcome: 'ended' | 'refused' = 'ended';
        try {
          outcome = await readStream(token, companyId, ac.signal, {
            ready: () => {
              delay = FIRST_RETRY_MS;
              // Reopened: whatever changed while it was down was not announced.
              if (connectedBefore) {
                orders();
                bell();
              }
              connectedBefore = true;
            },
            order: orders,
            notification: bell,
          });
        } catch {
          // network error or aborted: retried below unless aborted
        }
        if (ac.signal.aborted) return;
        // Refused: the session or membership is gone; the next calls sign out or show why.
        // Try again only slowly, in case it was a passing state (a company being switched).
        await sleep(outcome === 'refused' ? MAX_RETRY_MS : delay * (0.75 + Math.random() / 2), ac.signal);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    })();
    return () => {
      ac.abort();
      orders.cancel();
      bell.cancel();
    };
  }, [token, companyId, queryClient]);
}
