/**
 * The four locales must have exactly the same keys (a missing key in any of them fails),
 * no empty messages, the same interpolation placeholders, and every key the source code
 * asks for must exist.
 */
import { describe, expect, it } from 'vitest';
import { WORK_ORDER_ACTIONS, WORK_ORDER_STATUSES } from '@swo/contract';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';
import enUS from './en-US.json';
import ptBR from './pt-BR.json';
import zhCNPortal from './portal/zh-CN.json';
import zhTWPortal from './portal/zh-TW.json';
import enUSPortal from './portal/en-US.json';
import ptBRPortal from './portal/pt-BR.json';

type Tree = { [k: string]: string | Tree };

// The requester portal's messages are merged into the same bundles (app/i18n.ts).
const LOCALES: Record<string, Tree> = {
  'zh-CN': { ...zhCN, ...zhCNPortal },
  'zh-TW': { ...zhTW, ...zhTWPortal },
  'en-US': { ...enUS, ...enUSPortal },
  'pt-BR': { ...ptBR, ...ptBRPortal },
};

/** Flattens a nested message tree to dotted keys. */
export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(LOCALES).map(([l, tree]) => [l, flatten(tree)]));
const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

/** Keys the source code uses: literal t('...') calls plus the known dynamic families. */
function usedKeys(): string[] {
  const sources = import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
  const keys = new Set<string>();
  for (const [path, text] of Object.entries(sources)) {
    if (path.endsWith('.test.ts')) continue;
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) keys.add(m[1]);
    for (const m of text.matchAll(/(?:title|name): '((?:menu|welcome)\.[\w.]+)'/g)) keys.add(m[1]);
  }
  for (const s of WORK_ORDER_STATUSES) keys.add(`workOrder.status.${s}`);
  for (const a of WORK_ORDER_ACTIONS) {
    keys.add(`workOrder.actions.${a}`);
    keys.add(`workOrder.records.actions.${a}`);
  }
  keys.add('workOrder.records.actions.dispatch');
  for (const c of ['required', 'type', 'pattern', 'min', 'max', 'maxLength', 'option']) keys.add(`form.errors.${c}`);
  for (const op of ['closeCurrent', 'closeRight', 'closeLeft', 'closeAll']) keys.add(`multiTab.${op}`);
  for (const e of ['403', '404', '500']) keys.add(`exception.${e}`);
  for (const w of ['earlyMorning', 'morning', 'noon', 'afternoon', 'evening']) keys.add(`welcome.${w}`);
  for (const m of ['menu.orders', 'menu.workorder.list', 'menu.application']) keys.add(m);
  return [...keys].sort();
}

describe('locales', () => {
  const reference = Object.keys(flat['zh-CN']).sort();

  for (const [lang, messages] of Object.entries(flat)) {
    it(`${lang} has every key of the others`, () => {
      const all = new Set(Object.values(flat).flatMap((m) => Object.keys(m)));
      const missing = [...all].filter((k) => !(k in messages));
      expect(missing, `${lang} misses keys`).toEqual([]);
      expect(Object.keys(messages).sort()).toEqual(reference);
    });

    it(`${lang} has no empty messages and the same placeholders as zh-CN`, () => {
      for (const [k, v] of Object.entries(messages)) {
        expect(v.trim(), `${lang}: ${k} is empty`).not.toBe('');
        expect(placeholders(v), `${lang}: ${k} placeholders`).toEqual(placeholders(flat['zh-CN'][k] ?? ''));
      }
    });
  }

  it('every key the code uses exists (in zh-CN, hence in all)', () => {
    const missing = usedKeys().filter((k) => !(k in flat['zh-CN']));
    expect(missing).toEqual([]);
  });

  // The specified wording, in sentence case (a message starts with a capital letter).
  it('quotes the specified English texts', () => {
    const en = flat['en-US'];
    expect(en['app.title']).toBe('smart work order');
    expect(en['company.title']).toBe('Company switch');
    expect(en['company.placeholder']).toBe('Please select login company');
    expect(en['company.empty']).toBe('You have not set up company information!');
    expect(en['user.logout.confirm']).toBe('Are you sure you want to quit');
    expect(en['multiTab.noLeft']).toBe('No tabs on the left');
    expect(en['multiTab.noRight']).toBe('No tabs on the right');
    expect(en['password.mismatch']).toBe('The two passwords entered do not match!');
    expect(en['reminder.title']).toBe('You have {{n}} work orders awaiting assignment');
    expect(en['reminder.description']).toBe('Please assign promptly!');
    expect(flat['zh-CN']['request.errorTitle']).toBe('错误');
    expect(flat['zh-CN']['request.networkError']).toBe('服务器开小差，请稍后再试');
    expect(flat['zh-CN']['guard.userInfoFailed']).toBe('请求用户信息失败，请重试');
  });
});
