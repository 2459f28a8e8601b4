/** Trees kept flat with parent links (departments, menus): the one walk up them. */

/**
 * Whether `candidate` is `id` itself or lies below it, following `parentOf` (0 or absent =
 * a root). A loop already in the data stops the walk rather than spinning.
 */
export function isAtOrBelow(parentOf: ReadonlyMap<number, number>, id: number, candidate: number): boolean {
  const seen = new Set<number>();
  for (let at: number | undefined = candidate; at && !seen.has(at); at = parentOf.get(at)) {
    if (at === id) return true;
    seen.add(at);
  }
  return false;
}
