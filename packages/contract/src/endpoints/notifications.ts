/** The person's in-app notifications and notification preferences (docs/design.md, "Notifications"). */
import * as n from '../notifications.ts';
import { def, type Endpoint } from './define.ts';

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
} as const satisfies Record<string, Endpoint>;
