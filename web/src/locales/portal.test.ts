/**
 * The requester portal's messages (locales/portal/*.json): the same keys in all four
 * languages, only under the top-level key 'portal' (so merging them into the main bundles
 * never hides a main message), and every dynamic key family the portal pages use.
 */
import { describe, expect, it } from 'vitest';
import zhCN from './portal/zh-CN.json';
import zhTW from './portal/zh-TW.json';
import enUS from './portal/en-US.json';
import ptBR from './portal/pt-BR.json';
import { PUBLIC_ACTIONS } from '../pages/portal/PublicTimeline.tsx';

type Tree = { [k: string]: string | Tree };
const LOCALES: Record<string, Tree> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS, 'pt-BR': ptBR };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}
const flat = Object.fromEntries(Object.entries(LOCALES).map(([l, tree]) => [l, flatten(tree)]));

describe('portal locales', () => {
  const reference = Object.keys(flat['zh-CN']).sort();

  for (const [lang, tree] of Object.entries(LOCALES)) {
    it(`${lang} has exactly the portal keys of zh-CN, under 'portal' only`, () => {
      expect(Object.keys(tree)).toEqual(['portal']);
      const missing = reference.filter((k) => !(k in flat[lang]));
      expect(missing, `${lang} misses portal keys`).toEqual([]);
      expect(Object.keys(flat[lang]).sort()).toEqual(reference);
    });
  }

  it('has the steps and timeline labels the pages look up', () => {
    const keys = [
      ...['submitted', 'processing', 'review', 'completed', 'rejected', 'cancelled', 'withdrawn'].map((s) => `portal.steps.${s}`),
      ...PUBLIC_ACTIONS.map((a) => `portal.timeline.${a}`),
    ];
    expect(keys.filter((k) => !(k in flat['zh-CN']))).toEqual([]);
  });
});
