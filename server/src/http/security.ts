/**
 * Transport hardening that is not a route: which proxies to believe, what the request log
 * may contain, and the cache/HSTS headers of API replies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_BASE } from '@swo/contract';

/** Fastify's `trustProxy`: off, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's own option for a `TrustProxy`. Fastify 5.12 ignores plain hop counts (fails
 * closed), so a count becomes the hop test proxy-addr documents: the nearest `n` hops are
 * proxies. That trusts whoever connects, so it fits only a server reachable through its
 * proxy alone; a list of proxy addresses is the safer setting.
 */
export function fastifyTrustProxy(tp: TrustProxy | undefined): false | string[] | ((addr: string, hop: number) => boolean) {
  if (!tp) return false;
  if (typeof tp === 'number') return (_addr, hop) => hop < tp;
  return tp;
}

/**
 * Parses TRUST_PROXY: unset/empty/`0`/`false` -> off; a number -> that many hops; otherwise a
 * comma list of addresses or CIDRs. `true` is refused: trusting every hop lets any caller
 * pick its own IP.
 */
export function parseTrustProxy(v: string | undefined): TrustProxy {
  const s = (v ?? '').trim();
  if (s === '' || s === '0' || s.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(s)) return Number(s);
  if (s.toLowerCase() === 'true') throw new Error('TRUST_PROXY=true is not allowed; give a hop count or the proxy addresses');
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** Query parameters whose values never reach the log. */
const SECRET_NAMES = 'ident|token|access_token|refresh_token|password|oldpassword|confirmpassword|secret|app_secret|key|api_key|code|signature|sign';
const SECRET_PARAMS = new RegExp(`^(?:${SECRET_NAMES})$`, 'i');
/** A query that may hold a secret: a secret name as a parameter, or an escape that could spell one. */
const MAY_HOLD_SECRET = new RegExp(`(?:^|&)(?:${SECRET_NAMES})(?:[=&]|$)|[%+]`, 'i');
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced (as it is when none can be there). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || !MAY_HOLD_SECRET.test(url.slice(q + 1))) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* keep the raw name */
      }
      return SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}`;
}

/** Logger options for Fastify: off when silent; anything a handler logs by hand is redacted. */
export function loggerOptions(level: string | undefined, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (!level || level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['headers.token', 'headers.authorization', 'headers.cookie', 'password', 'token', 'ident', '*.password', '*.token', '*.ident'],
      censor: REDACTED,
    },
  };
}

/**
 * One access-log line per request, written when the reply is sent (docs/design.md, "Request log"):
 * request id, method, URL with secrets redacted, status, milliseconds and the caller's
 * address. Fastify's own pair of lines (arrival and completion, with every header) doubled
 * the logging work of a call for nothing an operator reads; headers are no longer logged at
 * all. The line goes through a child of the app's logger (same stream and level) without
 * pino's redaction: none of its fields can hold a secret once the URL is redacted, and the
 * wildcard paths made pino copy and test every value of every line (bytes saved: the same
 * section).
 */
export function registerAccessLog(app: FastifyInstance): void {
  const access = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (req, reply, done) => {
    access.info(
      { reqId: req.id, method: req.method, url: redactUrl(req.url), statusCode: reply.statusCode, responseTime: reply.elapsedTime, remoteAddress: req.ip },
      'request completed',
    );
    done();
  });
}

/** Helmet's options; HSTS only when the site is served over TLS (a browser would pin it otherwise). */
export function helmetOptions(hsts: boolean): HelmetOptions {
  return {
    hsts: hsts ? { maxAge: 180 * 24 * 3600, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  };
}

/**
 * Helmet's headers for these options, as name -> value. With no per-request directive (no
 * nonce, no function) helmet sets the same headers on every reply, so its middleware runs
 * once here against a recording response. Throws if helmet did not finish synchronously.
 */
export function securityHeaders(hsts: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  let failure: unknown;
  helmet(helmetOptions(hsts))({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
    finished = true;
  });
  if (failure) throw new Error('helmet refused its options', { cause: failure });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Helmet's security headers on every reply (API, SPA and files), computed once: running
 * helmet's middleware per request (eight sub-middlewares) was ~5 % of a light call's CPU
 * under load (bench/profile.ts dai).
 */
export function registerSecurityHeaders(app: FastifyInstance, hsts: boolean): void {
  const headers = securityHeaders(hsts);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * API replies hold per-user data: no browser or proxy may keep them, unless the handler
 * said otherwise (uploaded files and avatars, whose bytes never change under a key).
 */
export function registerNoStore(app: FastifyInstance): void {
  const base = API_BASE.toLowerCase();
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) {
      const url = req.url.toLowerCase();
      if (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
