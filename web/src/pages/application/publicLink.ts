/** The public form link of an application (docs/product.md, section 2: `/input?app=KEY`). */
export function publicLink(appKey: string): string {
  return `/input?app=${encodeURIComponent(appKey)}`;
}
