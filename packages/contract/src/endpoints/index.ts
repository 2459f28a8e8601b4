/**
 * The endpoint table: every documented call once, by name (docs/design.md, "HTTP
 * contract"). The server registers its routes from it (one handler per name) and the
 * SPA's client is typed from it, so a path, a permission or a request/reply shape is
 * written in exactly one place. Paths are relative to `API_BASE` and match
 * case-insensitively; `aliases` are other documented paths of the same operation.
 */
import type { z } from 'zod';
import type { Unbranded } from '../ids.ts';
import { ACCOUNT_ENDPOINTS } from './account.ts';
import { APPLICATION_ENDPOINTS } from './applications.ts';
import { AUTH_ENDPOINTS } from './auth.ts';
import { EXCEL_ENDPOINTS } from './excel.ts';
import { MENU_ENDPOINTS } from './menus.ts';
import { NOTIFICATION_ENDPOINTS } from './notifications.ts';
import { PLATFORM_ENDPOINTS } from './platform.ts';
import { ORGANISATION_ENDPOINTS } from './organisation.ts';
import { ROLE_ENDPOINTS } from './roles.ts';
import { REQUESTER_ENDPOINTS } from './requester.ts';
import { STAFF_ENDPOINTS } from './staff.ts';
import { TEMPLATE_ENDPOINTS } from './templates.ts';
import { UPLOAD_ENDPOINTS } from './uploads.ts';
import { WORK_ORDER_ENDPOINTS } from './work-orders.ts';

export { FILE_REPLY, type AccessRule, type ChoiceRule, type Endpoint, type StatusRule } from './define.ts';

/** Every documented call, by name. */
export const ENDPOINTS = {
  ...AUTH_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...WORK_ORDER_ENDPOINTS,
  ...EXCEL_ENDPOINTS,
  ...APPLICATION_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
  ...REQUESTER_ENDPOINTS,
  ...ORGANISATION_ENDPOINTS,
  ...ROLE_ENDPOINTS,
  ...STAFF_ENDPOINTS,
  ...MENU_ENDPOINTS,
  ...PLATFORM_ENDPOINTS,
  ...UPLOAD_ENDPOINTS,
};

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

type Schema<E, K extends 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;
type RequestSchema<E> = [Schema<E, 'body'>] extends [never] ? Schema<E, 'query'> : Schema<E, 'body'>;

/** What the server's handler receives: the validated (parsed) query or body. */
export type RequestOf<N extends EndpointName> = [RequestSchema<Endpoints[N]>] extends [never] ? Record<string, unknown> : z.output<RequestSchema<Endpoints[N]>>;
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** Fields as the server reads them, optional where the request may leave them out. */
type ClientFields<S extends z.ZodType, In = z.input<S>, Out = z.output<S>> = {
  [K in Exclude<keyof In, OptionalKeys<In>>]: K extends keyof Out ? Unbranded<Out[K]> : In[K];
} & {
  [K in OptionalKeys<In>]?: K extends keyof Out ? Unbranded<Out[K]> : In[K];
};
/** What a client sends: the request's fields without the company scope, which the client adds. */
export type ParamsOf<N extends EndpointName> = [RequestSchema<Endpoints[N]>] extends [never]
  ? Record<string, never>
  : Omit<ClientFields<RequestSchema<Endpoints[N]>>, 'company_id' | 'shop_id'>;
/** The `data` of the reply as the server produces it. */
export type ReplyIn<N extends EndpointName> = Endpoints[N]['reply'] extends z.ZodType ? z.input<Endpoints[N]['reply']> : never;
/** The `data` of the reply as a client reads it. */
export type ReplyOf<N extends EndpointName> = Endpoints[N]['reply'] extends z.ZodType ? z.output<Endpoints[N]['reply']> : Blob;
