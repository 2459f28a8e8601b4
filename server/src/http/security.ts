/**
 * Transport hardening that is not a route: which proxies to believe, what the request log
 * may contain, and the cache/HSTS headers of API replies.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
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

/** Query parameters and headers whose values never reach the log. */
const SECRET_PARAMS = /^(ident|token|access_token|refresh_token|password|oldpassword|confirmpassword|secret|app_secret|key|api_key|code|signature|sign)$/i;
const SECRET_HEADERS = new Set(['token', 'authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key', 'idempotency-key']);
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
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

/** Headers with secret values replaced. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? REDACTED : v;
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  ip?: string;
  hostname?: string;
  socket?: { remotePort?: number };
}

/** Logger options for Fastify: off when silent; request URLs and headers redacted. */
export function loggerOptions(level: string | undefined, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (!level || level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        headers: redactHeaders(req.headers ?? {}),
        hostname: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    // Anything else a handler logs by hand.
    redact: {
      paths: ['headers.token', 'headers.authorization', 'headers.cookie', 'password', 'token', 'ident', '*.password', '*.token', '*.ident'],
      censor: REDACTED,
    },
  };
}

/** Helmet's options; HSTS only when the site is served over TLS (a browser would pin it otherwise). */
export function helmetOptions(hsts: boolean): FastifyHelmetOptions {
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
 * API replies hold per-user data: no browser or proxy may keep them, unless the handler
 * said otherwise (uploaded files and avatars, whose bytes never change under a key).
 */
export function registerNoStore(app: FastifyInstance): void {
  const base = API_BASE.toLowerCase();
  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.url.toLowerCase();
    if (reply.hasHeader('cache-control')) return payload;
    if (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
