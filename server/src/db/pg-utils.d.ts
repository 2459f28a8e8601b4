/** pg's value serialiser, which its own Query passes to `bind` (pg-statement.ts does the same). */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue: (this: void, value: unknown) => unknown };
  export default utils;
}
