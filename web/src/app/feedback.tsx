/**
 * Notifications, messages and confirm dialogs for any code, React or not (the HTTP client
 * too), bound to the running app's theme and locale.
 *
 * antd's feedback components (message, notification, Modal, with Skeleton and their motion)
 * are about 20 KB of gzipped JavaScript the login page never needs until something goes
 * wrong (docs/design.md, "Login page weight"). So `feedback` is a set of stand-ins: the
 * first call loads antd's <App> holder (feedbackHost.tsx, mounted by <FeedbackHost/> inside
 * the ConfigProvider) and runs once it is there; later calls run at once. The signed-in
 * layout asks for the holder when it mounts. Calls return nothing: no caller needs antd's
 * handles, and they do not exist before the holder is loaded.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/** antd's APIs as the holder provides them. */
export interface FeedbackApis {
  notification: NotificationInstance;
  message: MessageInstance;
  modal: Pick<ModalHookAPI, 'confirm' | 'info' | 'warning' | 'error' | 'success'>;
}

/** The same methods, returning nothing (they may run a moment later). */
type Deferred<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : never };
type Feedback = { [P in keyof FeedbackApis]: Deferred<FeedbackApis[P]> };

let apis: FeedbackApis | null = null;
let waiting: ((a: FeedbackApis) => void)[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the holder (once); resolves nothing, the queued calls run when it is there. */
export function loadFeedback(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

/**
 * Called by the holder with the context-bound APIs once it is mounted (antd's holders must
 * be in the page before a call) and whenever they change; runs the queued calls.
 */
export function bindFeedback(next: FeedbackApis): void {
  apis = next;
  const queued = waiting;
  waiting = [];
  queued.forEach((run) => run(next));
}

function deferred<P extends keyof FeedbackApis>(part: P): Feedback[P] {
  return new Proxy({} as Feedback[P], {
    get:
      (_, method: string) =>
      (...args: unknown[]) => {
        const run = (a: FeedbackApis) => (a[part] as unknown as Record<string, (...x: unknown[]) => unknown>)[method](...args);
        if (apis) {
          run(apis);
          return;
        }
        waiting.push(run);
        loadFeedback();
      },
  });
}

export const feedback: Feedback = {
  notification: deferred('notification'),
  message: deferred('message'),
  modal: deferred('modal'),
};

const Host = lazy(() => import('./feedbackHost.tsx'));
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/** Rendered once inside the ConfigProvider: the holder, once something asked for it. */
export function FeedbackHost() {
  const load = useSyncExternalStore(subscribe, () => wanted);
  return load ? (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  ) : null;
}
