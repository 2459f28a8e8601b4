/**
 * The awaiting-assignment reminder (docs/product.md, sections 4, 8, 9): on mount and every
 * 300000 ms, unless the first path segment is an exempt route name, asks for the number of
 * work orders awaiting assignment (with `name` from the page query) and, when above 0,
 * shows a bottom-right notification. A failed call is silently ignored. Only users who
 * may assign (`workorder.zhipai`) get it: for others there is nothing to do about it; and
 * not those who turned "awaiting assignment" off in their notification settings
 * (docs/design.md, "Notifications"). A live update of an order (docs/design.md, "Live
 * updates") makes it ask again at once, at most once a minute.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { awaitingAssignmentCount, call } from '../app/api.ts';
import { feedback } from '../app/feedback.tsx';
import { keys } from '../app/queryKeys.ts';
import { ORDERS_CHANGED_EVENT } from './useLiveUpdates.ts';
import { WHITE_LIST } from '../app/routeTypes.ts';
import { useRoleCan } from '../pages/workorder/useRoleCan.ts';

/** Reminder interval (docs/product.md, section 9). */
export const REMINDER_INTERVAL_MS = 300000;

/** Live updates ask again at most this often: a busy company changes orders all the time. */
export const LIVE_REMINDER_MIN_MS = 60_000;

/** True when the reminder stays silent on `pathname` (tested on its first segment). */
export function isReminderExempt(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return WHITE_LIST.includes(first);
}

async function remind(): Promise<void> {
  if (isReminderExempt(window.location.pathname)) return;
  const name = new URLSearchParams(window.location.search).get('name') ?? undefined;
  const count = await awaitingAssignmentCount(name || undefined);
  if (count > 0) {
    feedback.notification.warning({
      key: 'awaiting-assignment',
      placement: 'bottomRight',
      message: i18n.t('reminder.title', { n: count }),
      description: i18n.t('reminder.description'),
      duration: 10,
    });
  }
}

export function useReminder(): void {
  const canAssign = useRoleCan()('workorder.zhipai');
  const settings = useQuery({
    queryKey: keys.account.notificationSettings,
    queryFn: () => call('notificationSettings', {}, { silent: true }),
    enabled: canAssign,
  });
  // Off until the person's choice is known (it is on unless they turned it off); if the
  // settings cannot be read, the reminder keeps its old behaviour and shows.
  const wanted = canAssign && (settings.isError || settings.data?.awaiting === true);
  useEffect(() => {
    if (!wanted) return;
    const run = () => void remind().catch(() => undefined);
    let last = Date.now();
    const runAndMark = () => ((last = Date.now()), run());
    runAndMark();
    const timer = window.setInterval(runAndMark, REMINDER_INTERVAL_MS);
    const onLive = () => void (Date.now() - last >= LIVE_REMINDER_MIN_MS && runAndMark());
    window.addEventListener(ORDERS_CHANGED_EVENT, onLive);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(ORDERS_CHANGED_EVENT, onLive);
    };
  }, [wanted]);
}
