/**
 * The query-key factory: the nesting invalidation relies on, and a scan of web/src so that
 * no query key is written by hand again (a hand-written key can drift from the factory's
 * and then never be invalidated).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidatePortal, invalidateWorkOrders, keys } from './queryKeys.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Places in `text` where a query key or filter is not taken from `keys`: `queryKey:` followed by anything else, or an array literal given to a query-client call. */
function handWrittenKeys(text: string): string[] {
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  return [...text.matchAll(/queryKey\s*:\s*(?!\s|keys\.)|(?:Queries|QueryData|QueryState)\(\s*\[/g)].map((m) => `line ${lineOf(m.index)}: ${m[0].trim()}`);
}

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((p, i) => JSON.stringify(key[i]) === JSON.stringify(p));

describe('query keys', () => {
  it('every query key in web/src comes from the factory', () => {
    const offenders = sources(SRC)
      .filter((f) => !f.endsWith(path.join('app', 'queryKeys.ts')))
      .flatMap((f) => handWrittenKeys(fs.readFileSync(f, 'utf8')).map((hit) => `${path.relative(SRC, f)}:${hit}`));
    expect(offenders).toEqual([]);
  });

  it('the scan itself catches hand-written keys', () => {
    expect(handWrittenKeys("useQuery({ queryKey: ['workorders', q] })")).toHaveLength(1);
    expect(handWrittenKeys('qc.invalidateQueries({ queryKey: someKey })')).toHaveLength(1);
    expect(handWrittenKeys("qc.setQueryData(['x'], 1)")).toHaveLength(1);
    expect(handWrittenKeys('useQuery({ queryKey:\n  [1] })')).toHaveLength(1);
    expect(handWrittenKeys('useQuery({ queryKey: keys.workOrders.counts() })')).toEqual([]);
    expect(handWrittenKeys('useQuery({\n  queryKey:\n    keys.workOrders.counts(),\n})')).toEqual([]);
  });

  it('lists, counts, details, assignment history and my work orders all nest under workOrders.all', () => {
    const all = keys.workOrders.all;
    for (const k of [
      keys.workOrders.list({ pageNo: 1, pageSize: 10 }),
      keys.workOrders.counts(),
      keys.workOrders.detail(7),
      keys.workOrders.assignHistory(7, 3),
      keys.myWorkOrders.list({ type: 'handling', pageNo: 1, pageSize: 10 }),
    ]) {
      expect(startsWith(k, all), JSON.stringify(k)).toBe(true);
    }
    expect(startsWith(keys.workOrders.assignHistory(7, 3), keys.workOrders.detail(7))).toBe(true);
    expect(startsWith(keys.workOrders.detail(70), keys.workOrders.detail(7))).toBe(false);
  });

  it('other data does not nest under workOrders.all', () => {
    for (const k of [
      keys.applications.list({ pageNo: 1, pageSize: 10 }),
      keys.staff.assignable(1),
      keys.stats.staff({}),
      keys.publicTemplate('k'),
      keys.portal.orders('i'),
    ]) {
      expect(startsWith(k, keys.workOrders.all)).toBe(false);
    }
  });

  it('invalidateWorkOrders marks every work-order query stale and nothing else; a deleted order is dropped', async () => {
    const qc = new QueryClient();
    const set = [keys.workOrders.list({ pageNo: 1, pageSize: 10 }), keys.workOrders.counts(), keys.workOrders.detail(1), keys.workOrders.detail(2)];
    const other = [keys.applications.choices('all'), keys.staff.assignable(undefined), keys.portal.orders('i')];
    for (const k of [...set, keys.myWorkOrders.list({ type: 'created', pageNo: 1, pageSize: 10 }), ...other]) qc.setQueryData(k, 1);
    await invalidateWorkOrders(qc, { deletedId: 2 });
    expect(qc.getQueryState(keys.workOrders.detail(2))).toBeUndefined();
    for (const k of set.slice(0, 3)) expect(qc.getQueryState(k)?.isInvalidated, JSON.stringify(k)).toBe(true);
    expect(qc.getQueryState(keys.myWorkOrders.list({ type: 'created', pageNo: 1, pageSize: 10 }))?.isInvalidated).toBe(true);
    for (const k of other) expect(qc.getQueryState(k)?.isInvalidated, JSON.stringify(k)).toBe(false);
  });

  it("invalidatePortal reaches one requester's orders and order pages only", async () => {
    const qc = new QueryClient();
    for (const k of [keys.portal.orders('a'), keys.portal.order('a', 1), keys.portal.orders('b')]) qc.setQueryData(k, 1);
    await invalidatePortal(qc, 'a');
    expect(qc.getQueryState(keys.portal.orders('a'))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(keys.portal.order('a', 1))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(keys.portal.orders('b'))?.isInvalidated).toBe(false);
  });
});
