/**
 * antd's notification, message and modal APIs, bound to the running app (theme and locale
 * aware), for any code, React or not (the HTTP client too). antd's <App> would bring their
 * components (dialogs, notices, skeletons: some 25 KB gzip) into the login page's first
 * load, before anything is shown; so `feedback` forwards calls to `FeedbackHost`
 * (feedback-host.tsx), a chunk `FeedbackSlot` loads at the first call. Calls made before it
 * is there are kept and made once it is (nothing reads their return values).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

export interface Feedback {
  notification: NotificationInstance;
  message: MessageInstance;
  modal: Pick<ModalHookAPI, 'confirm' | 'info' | 'warning' | 'error' | 'success'>;
}

let bound: Feedback | null = null;
let pending: ((api: Feedback) => void)[] = [];
let wantHost: () => void = () => undefined;

/** An API of `feedback`: calls go to the host, or wait for it. */
function forward<K extends keyof Feedback>(kind: K): Feedback[K] {
  return new Proxy({} as Feedback[K], {
    get:
      (_, method: string) =>
      (...args: unknown[]) => {
        const call = (api: Feedback) => (api[kind] as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args);
        if (bound) return call(bound);
        pending.push(call);
        wantHost();
        return undefined;
      },
  });
}

export const feedback: Feedback = { notification: forward('notification'), message: forward('message'), modal: forward('modal') };

/** Called by the host once its holders are mounted: binds the APIs and makes the waiting calls. */
export function bindFeedback(api: Feedback): void {
  bound = api;
  const waiting = pending;
  pending = [];
  for (const call of waiting) call(api);
}

const FeedbackHost = lazy(() => import('./feedback-host.tsx'));

/** Rendered once inside antd's ConfigProvider: mounts the host at the first call of `feedback`. */
export function FeedbackSlot() {
  const [wanted, setWanted] = useState(pending.length > 0);
  useEffect(() => {
    wantHost = () => setWanted(true);
    if (pending.length > 0) setWanted(true);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}
