/**
 * The person's in-app notifications and notification preferences (docs/design.md,
 * "Notifications"), and the live-update stream that tells the SPA when to read again
 * ("Live updates").
 */
import { companyScoped } from '../api.ts';
import * as n from '../notifications.ts';
import { def, FILE_REPLY, type Endpoint } from './define.ts';

const tags = ['notifications'];

export const NOTIFICATION_ENDPOINTS = {
  notificationList: def({
    method: 'GET',
    path: '/account/notifications',
    permission: 'member',
    query: n.notificationListQuery,
    reply: n.notificationList,
    tags,
    summary: 'A page of your own notifications in the company, newest first, with the unread count',
  }),
  notificationRead: def({
    method: 'POST',
    path: '/account/notifications/read',
    permission: 'member',
    body: n.notificationReadBody,
    reply: n.notificationUnread,
    tags,
    summary: 'Mark your own notifications of the company read: `ids`, or `all`; 404 when an id is not yours here',
  }),
  notificationSettings: def({
    method: 'GET',
    path: '/account/notification-settings',
    permission: 'signedIn',
    reply: n.notificationSettings,
    tags,
    summary: 'Which events notify you in the app (every event is on until turned off)',
  }),
  notificationSettingsSave: def({
    method: 'POST',
    path: '/account/notification-settings',
    permission: 'signedIn',
    body: n.notificationSettings,
    reply: n.notificationSettings,
    tags,
    summary: 'Turn in-app notifications on or off per event (booleans); logged',
  }),
  liveEvents: def({
    method: 'GET',
    path: '/events',
    permission: 'member',
    query: companyScoped,
    // Not an envelope: a text/event-stream that stays open.
    reply: FILE_REPLY,
    tags,
    summary:
      'Server-Sent Events of the company while signed in: `order` ({ids}: orders you may see changed), `notification` (you were notified), `ready` once listening; a comment every 25 s',
  }),
} as const satisfies Record<string, Endpoint>;
