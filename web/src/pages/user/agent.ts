/**
 * A browser's user agent as people say it ("Chrome 131 on Linux"), by bowser; the raw
 * text when bowser cannot tell.
 */
import Bowser from 'bowser';

export function describeAgent(userAgent: string): string {
  if (!userAgent) return '-';
  const r = Bowser.parse(userAgent);
  const browser = [r.browser.name, r.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [r.os.name, r.os.versionName ?? r.os.version].filter(Boolean).join(' ');
  if (!browser && !os) return userAgent;
  return os ? `${browser || '?'} · ${os}` : browser;
}
