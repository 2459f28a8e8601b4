/**
 * Process configuration from the environment (README "Configuration").
 * DATABASE_URL: unset -> SQLite at ./data/smart-work-order.db; `sqlite:/path.db`;
 * `postgres://...`. PORT default 8080. UPLOAD_DIR default ./data/uploads. WORKERS default
 * the number of cores. PG_POOL_SIZE default 25. REDIS_URL unset: the public rate limit is
 * counted in the database.
 */
import os from 'node:os';
import path from 'node:path';
import { KEY_PREFIX } from './db/redis.ts';
import { parseTrustProxy, type TrustProxy } from './http/security.ts';
import { smsConfigFromEnv, type SmsConfig } from './modules/sms/provider.ts';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  uploadDir: string;
  /** UPLOAD_MAX_MB: largest upload in bytes (10 MB by default). */
  uploadMaxBytes: number;
  /** Seed demo data into an empty database (SEED_DEMO=0 skips). */
  seedDemo: boolean;
  /** Directory of the built SPA served at '/', or null to serve the API only. */
  webDist: string | null;
  /** Requests per minute and IP on the public requester calls. */
  publicRateLimit: number;
  /** REDIS_URL: the public rate limit is counted there (shared by every machine); unset = in the database. */
  redisUrl: string | undefined;
  /**
   * REDIS_PREFIX (`swo:`): what every key and channel of this installation starts with, so
   * two installations can share one Redis without sharing throttles, replies or events.
   */
  redisPrefix: string;
  logLevel: string;
  /** TRUST_PROXY: hop count or comma list of proxy addresses/CIDRs; unset = no proxy trusted. */
  trustProxy: TrustProxy;
  /** HSTS=1: send Strict-Transport-Security (set only when the site is served over TLS). */
  hsts: boolean;
  /** WORKERS: server processes on this machine (default: the number of cores; 1 = no cluster). */
  workers: number;
  /**
   * PG_POOL_SIZE: PostgreSQL connections per process. A transaction takes one when it must
   * first send a statement (db/connect.ts LazyClient; a public create only when its merged
   * commit goes on it). 25: when creates held one from their begin, 10 let only 10 at a
   * time reach the merge and 25 gave +20-25 % creates/s (README).
   */
  pgPoolSize: number;
  /** TENCENT_SMS_*: Tencent Cloud SMS keys; unset = the outbox provider (README "Configuration"). */
  sms: SmsConfig;
}

/**
 * REDIS_PREFIX read strictly: letters, digits and `_.-:` (at most 64), ending in `:` (added
 * when missing); unset is `swo:`. Anything else stops the start with a message.
 */
export function redisPrefixOf(v: string | undefined): string {
  if (!v) return KEY_PREFIX;
  if (!/^[\w.:-]{1,64}$/.test(v)) throw new Error(`REDIS_PREFIX must be letters, digits and _.-: (at most 64), not ${JSON.stringify(v)}`);
  return v.endsWith(':') ? v : `${v}:`;
}

export const DEFAULT_SQLITE_PATH = './data/smart-work-order.db';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || `sqlite:${path.resolve(root, DEFAULT_SQLITE_PATH)}`,
    uploadDir: path.resolve(root, env.UPLOAD_DIR || './data/uploads'),
    uploadMaxBytes: Math.round(Number(env.UPLOAD_MAX_MB || 10) * 1024 * 1024),
    seedDemo: env.SEED_DEMO !== '0',
    webDist: env.WEB_DIST === '' ? null : path.resolve(root, env.WEB_DIST || './web/dist'),
    publicRateLimit: Number(env.PUBLIC_RATE_LIMIT || 60),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: redisPrefixOf(env.REDIS_PREFIX),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    hsts: env.HSTS === '1' || env.HSTS === 'true',
    workers: Math.max(1, Math.floor(Number(env.WORKERS || os.availableParallelism())) || 1),
    pgPoolSize: Math.max(1, Math.floor(Number(env.PG_POOL_SIZE || 25)) || 25),
    sms: smsConfigFromEnv(env),
  };
}
