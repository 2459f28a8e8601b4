/**
 * Shapes of the sign-in-by-SMS and recovery calls (docs/design.md, "Sign-in by SMS").
 * Request schemas first, then the replies' `data`.
 */
import { z } from 'zod';
import { confirmedPassword, FIELD_ERROR, pagingQuery } from './api.ts';
import { loginReply } from './replies.ts';

/** A phone number as typed: spaces, dashes and brackets dropped, then 6-15 digits after an optional `+`. */
export const smsPhone = z
  .string()
  .trim()
  .max(32)
  .transform((s) => s.replace(/[\s\-()]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/));

/** A 6-digit SMS code. */
export const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: FIELD_ERROR.smsCode });

/**
 * `POST /admin/Login/sign`: username and password, or (the mobile-number tab) `mobile` and
 * the SMS code in `captcha`. Either pair must be complete.
 */
export const loginBody = z
  .object({
    username: z.string().trim().max(64).optional(),
    password: z.string().max(128).optional(),
    mobile: smsPhone.optional(),
    remember_me: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
    captcha: z.string().max(16).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.mobile !== undefined) {
      if (!/^\d{6}$/.test(b.captcha?.trim() ?? '')) ctx.addIssue({ code: 'custom', path: ['captcha'], message: FIELD_ERROR.smsCode });
      return;
    }
    if (!b.username) ctx.addIssue({ code: 'custom', path: ['username'], message: FIELD_ERROR.fieldRequired });
    if (!b.password) ctx.addIssue({ code: 'custom', path: ['password'], message: FIELD_ERROR.fieldRequired });
  });
export type LoginBody = z.infer<typeof loginBody>;

/** Two-factor sign-in: the first step passed; the second is owed with this challenge (docs/design.md, "Two-factor sign-in"). */
export const twoFactorRequired = z.object({ two_factor_required: z.literal(true), challenge: z.string(), expires_in: z.number().int() });
export type TwoFactorRequired = z.infer<typeof twoFactorRequired>;
/** What a sign-in's first step gives: a session, or a challenge. */
export const signInReply = z.union([loginReply, twoFactorRequired]);
export type SignInReply = z.infer<typeof signInReply>;

export const smsPurpose = z.enum(['login', 'recover']);

/** `POST /account/sms`: send a code for signing in (default) or for recovery. */
export const smsSendBody = z.object({ mobile: smsPhone, purpose: smsPurpose.default('login') });
export type SmsSendBody = z.infer<typeof smsSendBody>;

/**
 * `POST /auth/forge-password`: a new password by SMS code. `username` is needed only when
 * several accounts share the number (the reply then says so on that field).
 */
export const recoverBody = confirmedPassword(
  z.object({
    mobile: smsPhone,
    captcha: smsCode,
    username: z.string().trim().max(64).optional(),
    password: z.string().min(8).max(128),
    confirmpassword: z.string().min(1).max(128),
  }),
);
export type RecoverBody = z.infer<typeof recoverBody>;

export const smsOutboxQuery = pagingQuery.extend({ mobile: smsPhone.optional() });
export type SmsOutboxQuery = z.infer<typeof smsOutboxQuery>;

/** The seconds before another code may be sent (the same reply for every number). */
export const smsSent = z.object({ retry_after: z.number().int() });

export const smsOutboxItem = z.object({ id: z.number().int(), phone: z.string(), text: z.string(), created_at: z.string() });
export type SmsOutboxItem = z.infer<typeof smsOutboxItem>;

// --- QR sign-in (docs/design.md, "Sign-in by QR code") ---------------------------------

const secret = z.string().trim().min(20).max(100);

/** A new QR sign-in: `ticket` goes into the QR code (as `path`), `poll_token` stays in the asking browser. */
export const qrTicket = z.object({ ticket: z.string(), poll_token: z.string(), path: z.string(), expires_in: z.number().int() });
export const qrCheckBody = z.object({ poll_token: secret });
export const qrStatus = z.enum(['waiting', 'scanned', 'approved', 'denied', 'expired', 'used']);
export type QrStatus = z.infer<typeof qrStatus>;
/** Where the sign-in stands; `login` only once, with the approved browser's own new session. */
export const qrCheckReply = z.object({ status: qrStatus, login: signInReply.optional() });
export const qrTicketQuery = z.object({ ticket: secret });
/** What the approving phone is shown of the asking browser. */
export const qrTicketInfo = z.object({ ip: z.string(), user_agent: z.string(), created_at: z.string(), expires_at: z.string() });
export const qrDecideBody = z.object({ ticket: secret, approve: z.boolean() });
export const qrDecided = z.object({ status: z.enum(['approved', 'denied']) });

// --- invitations (docs/design.md, "Invitations") ----------------------------------------

const invitationToken = z.string().trim().min(20).max(100);
export const invitationQuery = z.object({ token: invitationToken });
/** `POST /auth/register`: the invited person's own username and password. */
export const invitationAccept = confirmedPassword(
  z.object({
    token: invitationToken,
    username: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._@-]+$/),
    password: z.string().min(8).max(128),
    confirmpassword: z.string().min(1).max(128),
  }),
);
export type InvitationAccept = z.infer<typeof invitationAccept>;
/** What the invitation page shows. */
export const invitationInfo = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  username: z.string(),
  expires_at: z.string(),
});
/** A session in the invitation's company, or the second step an account with two-factor owes first. */
export const invitationAccepted = z.union([loginReply.extend({ company_id: z.number().int() }), twoFactorRequired.extend({ company_id: z.number().int() })]);
/** A new invitation link (a path of the SPA) and when it runs out. */
export const invitationCreated = z.object({ path: z.string(), expires_at: z.string() });

// --- account security: two-factor sign-in and sessions (docs/design.md, "Two-factor sign-in") ---

/** The second step of a sign-in: a TOTP code, or one of the recovery codes. */
export const twoFactorVerifyBody = z
  .object({
    challenge: z.string().trim().min(20).max(100),
    code: z.string().trim().max(10).optional(),
    recovery_code: z.string().trim().max(20).optional(),
  })
  .refine((b) => !!b.code || !!b.recovery_code, { path: ['code'], message: FIELD_ERROR.fieldRequired });
export type TwoFactorVerifyBody = z.infer<typeof twoFactorVerifyBody>;
export const totpBegun = z.object({ secret: z.string(), uri: z.string() });
export const totpConfirmBody = z.object({ code: z.string().trim().min(6).max(10) });
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export const passwordBody = z.object({ password: z.string().min(1).max(128) });
export const sessionItem = z.object({
  id: z.number().int(),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const accountSecurity = z.object({
  two_factor: z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int() }),
  sessions: z.array(sessionItem),
});
export type AccountSecurity = z.infer<typeof accountSecurity>;
export const sessionIdBody = z.object({ id: z.number().int().positive() });
export const revokedCount = z.object({ revoked: z.number().int() });

// --- the account centre (docs/design.md, "Account pages") ---------------------------------

const nullableText = z.string().nullable();
export const accountCenter = z.object({
  account: z.object({ username: z.string(), nickname: z.string(), avatar: z.string(), email: z.string(), phone: z.string(), created_at: z.string() }),
  companies: z.array(
    z.object({
      company_id: z.number().int(),
      company_name: z.string(),
      staff_name: z.string(),
      role_name: z.string(),
      department_name: nullableText,
      position_name: nullableText,
    }),
  ),
  activity: z.array(
    z.object({
      id: z.number().int(),
      module: z.string(),
      action: z.string(),
      target_type: z.string(),
      target_id: z.number().int().nullable(),
      ip: z.string(),
      created_at: z.string(),
      company_name: nullableText,
    }),
  ),
});
export type AccountCenter = z.infer<typeof accountCenter>;
