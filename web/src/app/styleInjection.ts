/**
 * rc-util's `Dom/dynamicCSS` with a faster `updateCSS` (the build aliases the module to this
 * file, web/vite.config.ts). antd's CSS-in-JS calls `updateCSS` once per style of every
 * component *instance* as it mounts; the original then lists the container's style elements,
 * finds the one with the key and reads its `innerHTML` to compare: for a 200-field form that
 * is thousands of serialisations of style sheets of up to 100 KB, about 0.3 s of the first
 * render (bench/forms.ts, docs/design.md "Form rendering"). Here the element last written
 * for a key is remembered with the text written into it; while it is still in the same
 * container with the same text and nonce, it is returned at once. Every other case goes
 * through the original, unchanged.
 */
import { clearContainerCache, injectCSS, removeCSS, updateCSS as originalUpdateCSS } from 'rc-util/es/Dom/dynamicCSS.js';

export { clearContainerCache, injectCSS, removeCSS };

type Options = Parameters<typeof originalUpdateCSS>[2];

/** The style element written last for a mark and key. */
const lastElement = new Map<string, HTMLStyleElement>();
/** The text each remembered element was last given. */
const lastText = new WeakMap<HTMLStyleElement, string>();

/** rc-util's attribute name for `mark`: `data-` prefixed, `rc-util-key` by default. */
const markOf = (option: Options) => {
  const mark = option?.mark;
  return mark ? (mark.startsWith('data-') ? mark : `data-${mark}`) : 'rc-util-key';
};

/** Same contract as rc-util's `updateCSS`: the style element of `key`, holding `css`. */
export function updateCSS(css: string, key: string, option: Options = {}): HTMLElement {
  const id = `${markOf(option)}|${key}`;
  const known = lastElement.get(id);
  const container = option.attachTo ?? document.head ?? document.body;
  if (known && known.isConnected && known.parentNode === container && lastText.get(known) === css && (!option.csp?.nonce || known.nonce === option.csp.nonce)) {
    return known;
  }
  const element = originalUpdateCSS(css, key, option) as HTMLStyleElement;
  lastElement.set(id, element);
  lastText.set(element, css);
  return element;
}
