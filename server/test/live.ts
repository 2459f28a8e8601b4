/**
 * A reader of the live-update stream over real HTTP (fetch against a listening app), for the
 * tests of docs/design.md, "Live updates": collects the events and says when the server
 * ended the stream.
 */
export interface LiveEventSeen {
  event: string;
  data: { ids?: number[] };
}

export interface OpenedStream {
  status: number;
  /** The envelope when the server refused the stream. */
  body?: { code: number };
  events: LiveEventSeen[];
  /** Resolves when the server ends the stream (or the client aborts). */
  ended: Promise<void>;
  /** Waits until an event matching `pred` arrived (rejects after `ms`). */
  until(pred: (e: LiveEventSeen) => boolean, ms?: number): Promise<LiveEventSeen>;
  close(): void;
}

/** Opens `/index.php/events` on `base` and resolves once the stream says `ready` (or was refused). */
export async function openStream(base: string, companyId: number, token?: string): Promise<OpenedStream> {
  const ac = new AbortController();
  const res = await fetch(`${base}/index.php/events?company_id=${companyId}`, { headers: token ? { token } : {}, signal: ac.signal });
  const events: LiveEventSeen[] = [];
  const waiters = new Set<() => void>();
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    return {
      status: res.status,
      body: (await res.json()) as { code: number },
      events,
      ended: Promise.resolve(),
      until: () => Promise.reject(new Error('refused')),
      close: () => ac.abort(),
    };
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event) events.push({ event, data: JSON.parse(data ?? '{}') as LiveEventSeen['data'] });
          for (const w of waiters) w();
        }
      }
    } catch {
      // aborted by the client
    }
  })();
  const until = (pred: (e: LiveEventSeen) => boolean, ms = 5000) =>
    new Promise<LiveEventSeen>((resolve, reject) => {
      const check = () => {
        const hit = events.find(pred);
        if (hit) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events)}`));
      }, ms);
      waiters.add(check);
      check();
    });
  await until((e) => e.event === 'ready');
  return { status: res.status, events, ended, until, close: () => ac.abort() };
}

/** An `order` event naming order `id`. */
export const orderEvent = (id: number) => (e: LiveEventSeen) => e.event === 'order' && !!e.data.ids?.includes(id);
