/**
 * Local storage of the session and preferences (docs/product.md, section 3). Values are stored as
 * JSON `{value, expire}` so that the token and shop name can expire after 7 days; plain
 * strings written by other code (for example `lang` set by a test) are read as they are.
 */

export const STORAGE_KEYS = {
  token: 'Access-Token',
  companyId: 'company_id',
  companyList: 'companyList',
  shopId: 'shop_id',
  shopName: 'shop_name',
  account: 'account',
  nickname: 'nickname',
  lang: 'lang',
  ident: 'ident',
  /** The token whose password must be changed first (passwordMark.ts). */
  mustChangePassword: 'must_change_password',
} as const;

/** Token and shop name lifetime (docs/product.md, section 4). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface Wrapped {
  value: unknown;
  expire: number | null;
}

function isWrapped(x: unknown): x is Wrapped {
  return !!x && typeof x === 'object' && 'value' in x && 'expire' in x;
}

/** Reads `key`; expired entries are removed and read as `fallback`. */
export function getItem<T>(key: string, fallback: T): T {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return fallback;
  }
  if (raw === null) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw as unknown as T;
  }
  if (isWrapped(parsed)) {
    if (parsed.expire !== null && parsed.expire < Date.now()) {
      window.localStorage.removeItem(key);
      return fallback;
    }
    return (parsed.value ?? fallback) as T;
  }
  return (parsed ?? fallback) as T;
}

/**
 * Writes `key`. With `ttlMs` the entry is wrapped as `{value, expire}` and expires after
 * that many milliseconds; otherwise strings are stored as they are and other values as JSON.
 */
export function setItem(key: string, value: unknown, ttlMs?: number): void {
  if (ttlMs) {
    const wrapped: Wrapped = { value, expire: Date.now() + ttlMs };
    window.localStorage.setItem(key, JSON.stringify(wrapped));
  } else {
    window.localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
}

export function removeItem(key: string): void {
  window.localStorage.removeItem(key);
}

/** The stored access token, or '' when signed out. */
export function getToken(): string {
  const t = getItem<unknown>(STORAGE_KEYS.token, '');
  return typeof t === 'string' ? t : '';
}

/** The current company id (0 when none is chosen). */
export function getCompanyId(): number {
  const n = Number(getItem<unknown>(STORAGE_KEYS.companyId, 0));
  return Number.isFinite(n) ? n : 0;
}

/** The current shop id (0 when none). */
export function getShopId(): number {
  const n = Number(getItem<unknown>(STORAGE_KEYS.shopId, 0));
  return Number.isFinite(n) ? n : 0;
}

/** Preferences that survive a logout (everything else is session data). */
const KEPT_ON_LOGOUT = new Set<string>([STORAGE_KEYS.lang, STORAGE_KEYS.ident, 'swo-settings']);

/** Clears the session from local storage (logout, password change, code 101). */
export function clearSessionStorage(): void {
  const keys: string[] = [];
  for (let i = 0; i < window.localStorage.length; i++) {
    const k = window.localStorage.key(i);
    if (k !== null && !KEPT_ON_LOGOUT.has(k)) keys.push(k);
  }
  for (const k of keys) window.localStorage.removeItem(k);
}
