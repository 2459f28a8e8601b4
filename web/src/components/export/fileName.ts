/**
 * The default name of an exported file (docs/product.md, section 7): the local time as
 * yyyyMMddhhmmss (24-hour clock) plus the extension, e.g. 20260115093005.xlsx.
 */
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function timestampName(date: Date = new Date(), ext = 'xlsx'): string {
  const stamp =
    pad(date.getFullYear(), 4) + pad(date.getMonth() + 1) + pad(date.getDate()) + pad(date.getHours()) + pad(date.getMinutes()) + pad(date.getSeconds());
  return `${stamp}.${ext}`;
}
