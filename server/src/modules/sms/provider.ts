/**
 * Where SMS messages go (docs/design.md, "Sign-in by SMS"). Chosen by configuration:
 * - Tencent Cloud SMS, through its official SDK, when TENCENT_SMS_SECRET_ID is set;
 * - otherwise the outbox: the message is written to the server log and to `sms_outbox`,
 *   which platform administrators read in the SPA, so the demo and the tests work offline.
 * A provider that cannot deliver throws `SmsDeliveryError`; the service turns it into a
 * 503 with a clear message, never a 500.
 */
import type { SmsPurpose } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';
import { now } from '../../lib/time.ts';
import { insertOutbox } from './repo.ts';

export interface SmsMessage {
  phone: string;
  code: string;
  purpose: SmsPurpose;
  /** Minutes the code stays valid. */
  minutes: number;
  /** The whole text, for providers that send free text (the outbox). */
  text: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** A provider's refusal or an unreachable provider; `detail` goes to the log only. */
export class SmsDeliveryError extends Error {
  constructor(readonly detail: string) {
    super(`SMS delivery failed: ${detail}`);
  }
}

/** Keys of a Tencent Cloud SMS account (TENCENT_SMS_* variables, README "Configuration"). */
export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId of the SMS application. */
  appId: string;
  signName: string;
  /** Template with two parameters: the code and its minutes of validity. */
  templateId: string;
  region: string;
  /** API host; set only to reach a proxy or a test double. */
  endpoint: string;
  /** Request timeout in seconds. */
  timeoutS: number;
}

export interface SmsConfig {
  tencent: TencentSmsConfig | null;
}

/** Reads TENCENT_SMS_*; without a secret id, the outbox provider is used. */
export function smsConfigFromEnv(env: NodeJS.ProcessEnv): SmsConfig {
  if (!env.TENCENT_SMS_SECRET_ID) return { tencent: null };
  return {
    tencent: {
      secretId: env.TENCENT_SMS_SECRET_ID,
      secretKey: env.TENCENT_SMS_SECRET_KEY ?? '',
      appId: env.TENCENT_SMS_APP_ID ?? '',
      signName: env.TENCENT_SMS_SIGN_NAME ?? '',
      templateId: env.TENCENT_SMS_TEMPLATE_ID ?? '',
      region: env.TENCENT_SMS_REGION || 'ap-guangzhou',
      endpoint: env.TENCENT_SMS_ENDPOINT || 'sms.tencentcloudapi.com',
      timeoutS: Number(env.TENCENT_SMS_TIMEOUT_S || 10),
    },
  };
}

/** The offline provider: the log line says where to read the message, not the code itself. */
export function outboxProvider(db: Db, log: (msg: string) => void): SmsProvider {
  return {
    name: 'outbox',
    async send(m) {
      await insertOutbox(db, { phone: m.phone, text: m.text, created_at: now() });
      log(`SMS to ${m.phone} (${m.purpose}) written to the outbox`);
    },
  };
}

/** Tencent Cloud SMS (API 2021-01-11, SendSms); the SDK is loaded only when configured. */
export function tencentProvider(cfg: TencentSmsConfig): SmsProvider {
  let client: Promise<InstanceType<(typeof import('tencentcloud-sdk-nodejs-sms'))['sms']['v20210111']['Client']>> | null = null;
  const connect = () =>
    (client ??= import('tencentcloud-sdk-nodejs-sms').then(
      ({ sms }) =>
        new sms.v20210111.Client({
          credential: { secretId: cfg.secretId, secretKey: cfg.secretKey },
          region: cfg.region,
          profile: { httpProfile: { endpoint: cfg.endpoint, reqTimeout: cfg.timeoutS } },
        }),
    ));
  return {
    name: 'tencent',
    async send(m) {
      let status: { Code?: string; Message?: string } | undefined;
      try {
        const reply = await (
          await connect()
        ).SendSms({
          PhoneNumberSet: [m.phone],
          SmsSdkAppId: cfg.appId,
          SignName: cfg.signName,
          TemplateId: cfg.templateId,
          TemplateParamSet: [m.code, String(m.minutes)],
        });
        status = reply.SendStatusSet?.[0];
      } catch (err) {
        throw new SmsDeliveryError(err instanceof Error ? err.message : String(err));
      }
      if (status?.Code !== 'Ok') throw new SmsDeliveryError(`${status?.Code ?? 'no status'}: ${status?.Message ?? ''}`);
    },
  };
}

export function createSmsProvider(cfg: SmsConfig, db: Db, log: (msg: string) => void): SmsProvider {
  return cfg.tencent ? tencentProvider(cfg.tencent) : outboxProvider(db, log);
}
