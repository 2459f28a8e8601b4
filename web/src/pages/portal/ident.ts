/**
 * The requester's identification on the portal pages: `?ident=` from the address first,
 * else the one kept in local storage under 'ident' (the /input page stores it after a
 * submission), which is then put into the address (so that code 101 never signs out here
 * and the link can be shared with oneself). An ident seen in the address is remembered
 * when none is stored yet.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { identField } from '@swo/contract';
import { getItem, setItem, STORAGE_KEYS } from '../../app/storage.ts';

/** The ident kept in local storage, or ''. */
export function storedIdent(): string {
  const v = getItem<unknown>(STORAGE_KEYS.ident, '');
  return typeof v === 'string' ? v.trim() : '';
}

/** True when `ident` has the shape the server accepts. */
export function isIdent(ident: string): boolean {
  return identField.safeParse(ident).success;
}

/** Address of a portal page for `ident`, with more query parameters. */
export function portalPath(path: '/orderList' | '/orderInfo' | '/editInput', ident: string, id?: number): string {
  const q = new URLSearchParams();
  if (id !== undefined) q.set('id', String(id));
  q.set('ident', ident);
  return `${path}?${q.toString()}`;
}

/** The current ident ('' when there is none) and the order id of the address (0 when absent or invalid). */
export function usePortalIdent(): { ident: string; id: number } {
  const [params, setParams] = useSearchParams();
  const fromUrl = (params.get('ident') ?? '').trim();
  const ident = fromUrl || storedIdent();
  const raw = params.get('id');
  const n = raw === null ? 0 : Number(raw);
  const id = Number.isInteger(n) && n > 0 ? n : 0;

  useEffect(() => {
    if (!fromUrl && ident) {
      const next = new URLSearchParams(params);
      next.set('ident', ident);
      setParams(next, { replace: true });
    } else if (fromUrl && !storedIdent() && isIdent(fromUrl)) {
      setItem(STORAGE_KEYS.ident, fromUrl);
    }
  }, [fromUrl, ident, params, setParams]);

  return { ident, id };
}
