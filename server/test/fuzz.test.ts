/**
 * Every entry of the endpoint table, fed wrong types, impossible dates, huge and negative
 * numbers, field by field: a clear 4xx each time, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '@swo/contract';
import { call, login, setup, type Harness } from './helper.ts';

const stringify = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean | undefined)]));

let h: Harness;
beforeAll(async () => (h = await setup()));
afterAll(() => h.close());

const GARBAGE: unknown[] = [
  'abc',
  -1,
  0,
  1e308,
  '99999999999999999999999',
  -2147483649,
  '2026-99-99',
  '2026-02-30',
  [],
  {},
  null,
  true,
  'x'.repeat(5000),
  ['a', -1, {}],
];

const RAW_VALIDATOR_TEXT = /expected|received|pattern|Invalid (input|string|option)|Too (small|big)|Unrecognized|must match/i;

function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape).filter((k) => k !== 'company_id') : [];
}

describe('malformed input never reaches a 500', () => {
  // Thousands of requests (every field of every call, 14 bad values each): more than the default 30 s on a busy machine.
  it('walks every call of the endpoint table', async () => {
    const token = await login(h.app, 'admin');
    const failures: string[] = [];
    for (const [name, e] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
      if (name === 'signOut') continue; // would end the session the walk uses
      // A good company id opens an event stream, which never ends under inject; its refusals are in live-events.test.ts.
      if (name === 'liveEvents') continue;
      const fields = fieldsOf(e.query ?? e.body);
      const payloads: Record<string, unknown>[] = [];
      for (const f of fields) for (const g of GARBAGE) payloads.push({ [f]: g });
      // all fields wrong at once, and a wrong company scope
      for (const g of GARBAGE) payloads.push(Object.fromEntries(fields.map((f) => [f, g])));
      for (const g of GARBAGE) payloads.push({ company_id: g });
      for (const p of payloads) {
        const payload = { company_id: h.property, ...p };
        const url = `/index.php${e.path}`;
        const headers = { token, lang: 'en-US' };
        const r =
          e.method === 'GET'
            ? await h.app.inject({ method: 'GET', url, query: stringify(payload), headers })
            : await h.app.inject({ method: 'POST', url, payload, headers });
        if (r.statusCode >= 500) failures.push(`${name} ${JSON.stringify(p).slice(0, 80)} -> ${r.statusCode}`);
        else if (r.statusCode >= 400) {
          const body = r.json<{ code: number; msg: string; data: { errors?: Record<string, string[]> } | null }>();
          expect(body.code, name).toBeGreaterThanOrEqual(101);
          // validator wording (zod's English) never reaches a user
          const texts = [body.msg, ...Object.values(body.data?.errors ?? {}).flat()];
          const raw = texts.filter((t) => RAW_VALIDATOR_TEXT.test(t));
          if (raw.length) failures.push(`${name} ${JSON.stringify(p).slice(0, 60)} says "${raw[0]}"`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk's wrong passwords and codes (e.g. to turn two-factor off) counted toward the
    // sign-in lockout, as anyone's would: forget them before the next test signs in.
    await h.db.deleteFrom('login_failures').execute();
  }, 180_000);

  it('impossible dates are 400 with the field named', async () => {
    const token = await login(h.app, 'admin');
    for (const date_to of ['2026-99-99', '2026-02-30']) {
      const r = await call(h.app, 'POST', '/admin/Work/appData', { token, payload: { company_id: h.property, date_to } });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.data.errors)).toContain('date_to');
    }
  });
});

describe("field errors speak the caller's language", () => {
  it('required, too long and malformed fields, in all four languages', async () => {
    const words = {
      'zh-CN': ['此项为必填项', '格式不正确'],
      'zh-TW': ['此項為必填項', '格式不正確'],
      'en-US': ['This field is required', 'This value is not valid'],
      'pt-BR': ['Este campo é obrigatório', 'Este valor não é válido'],
    };
    for (const [lang, [required, invalid]] of Object.entries(words)) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/index.php/home/Work_Create/createWorkNew',
        headers: { lang },
        payload: { app_key: 'x', form_data: {}, requester_phone: 'abc' },
      });
      expect(r.statusCode).toBe(400);
      const errors = r.json<{ data: { errors: Record<string, string[]> } }>().data.errors;
      expect(errors.requester_name).toEqual([required]);
      expect(errors.requester_phone).toEqual([invalid]);
    }
  });
});
