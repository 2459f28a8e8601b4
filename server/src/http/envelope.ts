/** The success envelope `{code: 200, msg, data}` (docs/design.md, "HTTP contract"). */
export const ok = <T>(data: T, msg = 'success') => ({ code: 200, msg, data });
