/** Secrets: opaque tokens (256 random bits, stored as SHA-256) and argon2id passwords. */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id, m=19 MiB, t=2, p=1 (OWASP minimum, docs/design.md, "Stack"). */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
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
