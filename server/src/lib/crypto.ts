/** Secrets: opaque tokens (256 random bits, stored as SHA-256) and argon2id passwords. */
import { hash as digest, randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id, m=19 MiB, t=2, p=1 (OWASP minimum, docs/design.md, "Stack"). */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Bytes drawn from OpenSSL at a time for tokens; each byte is handed out once. */
const DRAW = 4096;
let drawn = Buffer.alloc(0);
let next = 0;

/**
 * A token of 256 random bits, base64url. The bytes come from a 4 KiB draw of
 * `randomBytes` (one call per 128 tokens), as Node's own `randomUUID` does: a call of its
 * own took 3.4-3.9 us a token, a slice of the draw 0.27-0.31 us (a public create makes one).
 */
export function newToken(): string {
  if (next + 32 > drawn.length) {
    drawn = randomBytes(DRAW);
    next = 0;
  }
  next += 32;
  return drawn.toString('base64url', next - 32, next);
}
/** Hex SHA-256 of `s` (UTF-8). Node's one-shot `hash`: no Hash object a call (0.24 against 0.7-0.9 us for a token). */
export const sha256 = (s: string): string => digest('sha256', s, 'hex');
/** Base64url SHA-256 of `s` (UTF-8). */
export const sha256Url = (s: string): string => digest('sha256', s, 'base64url');
export const hashPassword = (pw: string): Promise<string> => hash(pw, ARGON);

export async function verifyPassword(stored: string, pw: string): Promise<boolean> {
  try {
    return await verify(stored, pw);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the user is unknown, so both cases take as long. */
let dummy: Promise<string> | null = null;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(newToken()));

/** A random password of 16 characters (96 bits), shown once. */
export const generatePassword = (): string => randomBytes(12).toString('base64url');
