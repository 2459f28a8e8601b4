/** The login page's share of the zh-CN messages (vite.config.ts, `firstMessages`). */
declare module 'virtual:first-messages' {
  const MESSAGES: Record<string, unknown>;
  export default MESSAGES;
}
