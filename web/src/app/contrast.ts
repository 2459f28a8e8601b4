/**
 * WCAG 2 contrast: the chosen theme colour is darkened just enough that white text on it
 * (buttons) and it as text on white (links) reach AA's 4.5:1. Colour arithmetic is antd's
 * own colour library (WCAG relative luminance, HSL darkening).
 */
import { FastColor } from '@ant-design/fast-color';

const WHITE_LUMINANCE = 1;
const ratio = (c: FastColor) => (WHITE_LUMINANCE + 0.05) / (c.getLuminance() + 0.05);

/** Contrast ratio of a colour against white. */
export function contrastWithWhite(color: string): number {
  return ratio(new FastColor(color));
}

/** `color` darkened one lightness percent at a time until it has at least `min` contrast with white. */
export function readableOnWhite(color: string, min = 4.6): string {
  let c = new FastColor(color);
  for (let i = 0; i < 100 && ratio(c) < min; i++) c = c.darken(1);
  return c.toHexString();
}
