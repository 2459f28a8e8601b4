/**
 * In-app notifications and the person's notification preferences (docs/design.md,
 * "Notifications"): the events, the request shapes and the replies' `data`.
 */
import { z } from 'zod';
import { companyScoped, FIELD_ERROR, pagingQuery } from './api.ts';
import { idField } from './ids.ts';

/**
 * What may notify a person. The first four are stored notifications; `awaiting` is the
 * SPA's periodic awaiting-assignment reminder, which the preference only silences.
 */
export const NOTIFICATION_EVENTS = ['assigned', 'review', 'rejected', 'completed', 'awaiting'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
/** The events written as notification rows. */
export type StoredNotificationEvent = Exclude<NotificationEvent, 'awaiting'>;

/** `GET /account/notifications`: a page of the caller's notifications in the company, newest first. */
export const notificationListQuery = companyScoped.extend(pagingQuery.shape);
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationItem = z.object({
  id: z.number().int(),
  event: z.enum(['assigned', 'review', 'rejected', 'completed']),
  work_order_id: z.number().int(),
  order_no: z.string(),
  title: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** The page and the unread count of the company (for the badge). */
export const notificationList = z.object({
  data: z.array(notificationItem),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

/** `POST /account/notifications/read`: some of the caller's notifications (`ids`), or `all` of the company. */
export const notificationReadBody = companyScoped
  .extend({
    ids: z.array(idField).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids !== undefined) !== (b.all !== undefined), { path: ['ids'], message: FIELD_ERROR.fieldRequired });
export type NotificationReadBody = z.infer<typeof notificationReadBody>;

/** The unread count after marking. */
export const notificationUnread = z.object({ unread: z.number().int() });

/** `GET` and `POST /account/notification-settings`: one in-app switch per event (strict booleans). */
export const notificationSettings = z.object({
  assigned: z.boolean(),
  review: z.boolean(),
  rejected: z.boolean(),
  completed: z.boolean(),
  awaiting: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
