/**
 * Registers every route from the contract's endpoint table (docs/design.md, "HTTP
 * contract"): one handler per endpoint name, bound by name. A handler without an entry or
 * an entry without a handler stops the app from building. Handlers return the reply's
 * `data`; this module wraps the envelope, declares the schemas (validation and OpenAPI),
 * and answers 405 with `Allow` for a known path called with another method.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE, ENDPOINTS, FILE_REPLY, type EndpointName, type ReplyIn, type RequestOf } from '@swo/contract';
import { StaleEpoch } from '../lib/epoch-cache.ts';
import type { Admission } from './guard.ts';
import { ok } from './envelope.ts';
import { message } from './messages.ts';
import type { App } from './types.ts';

export interface HandlerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A handler gets the validated query (GET) or body (POST) and returns the reply's `data`. */
export type Handler<N extends EndpointName> = (input: RequestOf<N>, ctx: HandlerContext) => Promise<[ReplyIn<N>] extends [never] ? FastifyReply : ReplyIn<N>>;
export type Handlers = { [N in EndpointName]: Handler<N> };

/** Types a module's handlers against the table (names must be endpoint names). */
export const defineHandlers = <K extends EndpointName>(h: { [N in K]: Handler<N> }) => h;

const envelopeOf = (data: z.ZodType) => z.object({ code: z.number().int(), msg: z.string(), data });

export interface RegisterOptions {
  /** Requests per minute and IP on `rateLimited` (public) calls. */
  publicRateLimit: number;
  /** Finishes requests admitted under an assumed auth epoch (http/guard.ts). */
  admission: Admission;
}

/** Registers the table's routes on `app` (already under API_BASE). */
export function registerEndpoints(app: App, handlers: Handlers, opts: RegisterOptions): void {
  const names = Object.keys(ENDPOINTS);
  const missing = names.filter((n) => typeof (handlers as Record<string, unknown>)[n] !== 'function');
  const extra = Object.keys(handlers).filter((n) => !(n in ENDPOINTS));
  if (missing.length || extra.length)
    throw new Error(`endpoint table and handlers differ: missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`);

  for (const name of names as EndpointName[]) {
    const e = ENDPOINTS[name];
    const handler = handlers[name] as (input: unknown, ctx: HandlerContext) => Promise<unknown>;
    const isFile = e.reply === FILE_REPLY;
    for (const url of [e.path, ...('aliases' in e ? e.aliases : [])]) {
      app.route({
        method: e.method,
        url,
        config: {
          permission: e.permission,
          endpoint: name,
          ...('rateLimited' in e ? { rateLimit: { max: opts.publicRateLimit, timeWindow: '1 minute' } } : {}),
        },
        schema: {
          operationId: url === e.path ? name : `${name}_${url.split('/').pop()}`,
          summary: e.summary,
          tags: [...e.tags],
          ...('query' in e ? { querystring: e.query } : {}),
          ...('body' in e ? { body: e.body } : {}),
          ...(isFile ? {} : { response: { 200: envelopeOf(e.reply) } }),
          ...('multipart' in e ? { consumes: ['multipart/form-data'] } : {}),
        },
        handler: async (req, reply) => {
          const input = 'body' in e || 'multipart' in e ? req.body : req.query;
          let data: unknown;
          try {
            data = await opts.admission.settled(req, () => handler(input, { req, reply }));
          } catch (error) {
            // The epoch the guard assumed had moved on: what the handler read is dropped and
            // the request runs once more under the epoch read now (docs/design.md, "Assumed epoch").
            if (!(error instanceof StaleEpoch)) throw error;
            await opts.admission.readmit(req);
            data = await handler(input, { req, reply });
          }
          if (isFile) return reply;
          return 'okCode' in e ? { ...ok(data), code: e.okCode } : ok(data);
        },
      });
    }
  }
}

/**
 * For a request no route matched: the methods its path is served with (from the routes as
 * registered), when it is a known API path (the 405 case), else null.
 */
export function allowedMethods(routes: readonly { method: string; url: string }[], rawUrl: string): string[] | null {
  const path = (rawUrl.split('?')[0] ?? '').toLowerCase().replace(/\/+$/, '');
  if (!path.startsWith(`${API_BASE.toLowerCase()}/`)) return null;
  const methods = new Set(routes.filter((r) => r.url.toLowerCase() === path).map((r) => r.method));
  if (!methods.size) return null;
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

/** The 405 reply body, in the caller's language. */
export const methodNotAllowed = (lang: Parameters<typeof message>[0]) => ({ code: 405, msg: message(lang, 'methodNotAllowed'), data: null });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Name of the endpoint-table entry the route serves. */
    endpoint?: string;
  }
}
