/**
 * WCAG 2 contrast: the chosen theme colour is darkened just enough that white text on it
 * (buttons) and it as text on white (links) reach AA's 4.5:1.
 */

function channels(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** Contrast ratio of a colour against white. */
export function contrastWithWhite(hex: string): number {
  const c = channels(hex);
  return c ? 1.05 / (luminance(c) + 0.05) : 1;
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** `hex` darkened in small steps until it has at least `min` contrast with white. */
export function readableOnWhite(hex: string, min = 4.6): string {
  const c = channels(hex);
  if (!c) return hex;
  let [r, g, b] = c;
  for (let i = 0; i < 60 && 1.05 / (luminance([r, g, b]) + 0.05) < min; i++) {
    r *= 0.96;
    g *= 0.96;
    b *= 0.96;
  }
  return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
}
