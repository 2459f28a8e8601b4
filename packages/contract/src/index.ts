/** The shared contract of Smart Work Order: call shapes, state machine, permissions, forms. */
export * from './status.ts';
export * from './permissions.ts';
export * from './form.ts';
export * from './ids.ts';
export * from './api.ts';
export * from './account.ts';
export * from './work-orders.ts';
export * from './organisation.ts';
export * from './roles.ts';
export * from './applications.ts';
export * from './staff.ts';
export * from './menus.ts';
export * from './replies.ts';
export * from './endpoints/index.ts';
export * from './platform.ts';
export * from './templates.ts';
export * from './uploads.ts';
