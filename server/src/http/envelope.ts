/** The success envelope `{code: 200, msg, data}` (DESIGN.md section 3). */
export const ok = <T>(data: T, msg = 'success') => ({ code: 200, msg, data });
