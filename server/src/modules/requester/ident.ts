/**
 * A requester's identification (`ident`, docs/design.md, "Requester idents"): the bearer
 * secret handed out at a requester's first order, and the key it is stored under.
 *
 * An ident made now is `<time>.<token>`: the milliseconds of its making in base 36, a dot,
 * then 256 random bits (base64url), 52 characters. Its key is the same time, a dot and the
 * SHA-256 of the whole ident (base64url): keys made later sort after those made before, so
 * a new requester's key goes at the end of the keys' unique index, in a page a create just
 * wrote, instead of in a random one of the index's (at a million requesters, one random page
 * read and written a create, the costliest of a create's inserts). The time says only when the
 * requester first submitted, which its holder knows anyway. An ident of before (a bare token)
 * keeps its key, the hex SHA-256 of the ident: hex sorts before every time key ('0'-'f' against
 * base-36 times of 8 characters, which begin with 'g' or later from 2009 to 2059; after that
 * the keys of both kinds mix, still unique, only no longer at the end), so both kinds share the index.
 */
import { newToken, sha256, sha256Url } from '../../lib/crypto.ts';

/** An ident of now: time (base 36), a dot, then the random token. */
const TIMED = /^[0-9a-z]{1,11}\.[A-Za-z0-9_-]{43}$/;

/** A new ident (52 characters), made at `atMs` (epoch milliseconds). */
export function newIdent(atMs = Date.now()): string {
  return `${atMs.toString(36)}.${newToken()}`;
}

/** The stored key of an ident, either kind: what `requesters.ident_hash` holds (at most 64 characters). */
export function identKey(ident: string): string {
  if (!TIMED.test(ident)) return sha256(ident);
  return `${ident.slice(0, ident.indexOf('.'))}.${sha256Url(ident)}`;
}
