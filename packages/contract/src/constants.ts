/**
 * Constants of the contract that the SPA needs on its first screen, kept apart from every
 * zod schema so that importing them does not bring zod into the login page's JavaScript
 * (docs/design.md, "HTTP contract").
 */

/** Base path of every call. */
export const API_BASE = '/index.php';

/** `code` values with a meaning of their own (docs/design.md, "HTTP contract"). */
export const CODE = {
  ok: 200,
  /** Not signed in, or the token is invalid, expired or revoked: the SPA logs out. */
  notSignedIn: 101,
  /** Uploads answer 0 on success, as the form designer widgets expect. */
  uploadOk: 0,
} as const;

/** Largest page a list call returns. */
export const MAX_PAGE_SIZE = 100;

/** The theme colours of the settings (docs/product.md, section 3), the first the default. */
export const THEME_COLOURS = ['#1890ff', '#F5222D', '#FA541C', '#FAAD14', '#00873B', '#52C41A', '#2F54EB', '#722ED1'] as const;
