/**
 * Keyword search (docs/design.md, "Keyword search"): order number, title, requester and the
 * text of form fields, for Chinese words of one or two characters and for Latin words
 * (prefixes too), through the list call as users search; the index follows edits; another
 * company's orders never match; merging SQLite's index changes no result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTerms, queryTerms } from '../src/lib/search-terms.ts';
import { sql } from 'kysely';
import { indexMissing, KEYWORD_LOOKAHEAD, mergeIndexStep, rebuildPostings } from '../src/modules/work-orders/search-repo.ts';
import { mergeIndexFully } from '../src/modules/maintenance/index-merge.ts';
import { call, dialect, login, setup, type Harness } from './helper.ts';
import { applicationId } from './orders.ts';

let h: Harness;
let admin: string;
const made: Record<string, { id: number; order_no: string }> = {};

/** Creates an order of the repair application with this description and requester. */
async function order(key: string, description: string, requester = '测试', phone = '13600000000', companyId?: number) {
  const company = companyId ?? h.property;
  const app =
    company === h.property
      ? await applicationId(h, '业主报修')
      : (await h.db.selectFrom('applications').select('id').where('company_id', '=', company).executeTakeFirstOrThrow()).id;
  const r = await call(h.app, 'POST', '/admin/Work/add', {
    token: admin,
    payload: {
      company_id: company,
      application_id: app,
      form_data:
        company === h.property ? { location: '9栋1单元101', repair_type: '1', description, urgency: '2' } : { issue_type: '1', scope: '1', description },
      requester_name: requester,
      requester_phone: phone,
    },
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  made[key] = r.body.data;
}

/**
 * `count` new unassigned orders of company `companyId`, copies of one of its orders but for
 * their numbers (`prefix` and 12 digits) and titles, written in bulk and then indexed.
 */
async function manyNewOrders(companyId: number, count: number, prefix: string, title: (i: number) => string) {
  const { id: _id, ...like } = await h.db.selectFrom('work_orders').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    ...like,
    order_no: `${prefix}${String(i).padStart(12, '0')}`,
    title: title(i),
    status: 'unassigned',
    handler_id: null,
    deleted_at: null,
    created_at: at,
    updated_at: at,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await h.db
      .insertInto('work_orders')
      .values(rows.slice(i, i + 200))
      .execute();
  await indexMissing(h.appDb);
}

const search = async (keyword: string, companyId = h.property) => {
  const r = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: companyId, keyword, pageSize: 100 } });
  expect(r.status, keyword).toBe(200);
  return new Set<number>(r.body.data.data.map((o: { id: number }) => o.id));
};

beforeAll(async () => {
  h = await setup();
  admin = await login(h.app, 'admin');
  await order('leak', '卫生间水管漏水，请尽快维修', '王小明', '13912345678');
  await order('water', '楼道水很多');
  await order('pump', 'The water PUMP is broken in Building 9', 'Maria Souza', '5511987654321');
  await order('pumps', 'Two pumps need service');
  await order('aircon', '空调不制冷了');
});
afterAll(() => h.close());

describe('search terms', () => {
  it('index CJK characters and pairs, and words lower-cased', () => {
    expect(documentTerms('水管漏水 Pump-9')).toEqual(expect.arrayContaining(['水', '管', '漏', '水管', '管漏', '漏水', 'pump', '9']));
    expect(queryTerms('水管漏水')).toEqual({ exact: ['水管', '管漏', '漏水'], prefix: [] });
    expect(queryTerms('漏')).toEqual({ exact: ['漏'], prefix: [] });
    expect(queryTerms('  ，。!! ')).toEqual({ exact: [], prefix: [] });
  });

  it('plain ASCII text gives the words the Unicode word segmenter gives, without it', () => {
    const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
    const bySegmenter = (t: string) => [
      ...new Set(
        [...segmenter.segment(t.normalize('NFKC').toLowerCase())]
          .filter((s) => s.isWordLike)
          .map((s) => s.segment.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 40))
          .filter(Boolean),
      ),
    ];
    // Letters, digits, spaces and the punctuation of order numbers, phones, e-mail and
    // prices; the word joiners (. : , ; ' " _) and a non-ASCII letter send text to the segmenter.
    const alphabet = 'aZk09 -/@#+()!?&*%$=<>[]{}|~\t\n.:,;\'"_é';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: Math.floor(random() * 24) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(documentTerms(text), JSON.stringify(text)).toEqual(bySegmenter(text));
    }
    expect(documentTerms('Pump-9 a1b2 ' + 'x'.repeat(50))).toEqual(['pump', '9', 'a1b2', 'x'.repeat(40)]);
  });
});

describe('keyword search through the list', () => {
  it('a two-character Chinese word finds it in form text, not orders holding the characters apart', async () => {
    const found = await search('漏水');
    expect(found.has(made.leak.id)).toBe(true);
    expect(found.has(made.water.id)).toBe(false);
    expect((await search('水管漏水')).has(made.leak.id)).toBe(true);
  });

  it('one Chinese character finds every order holding it', async () => {
    const found = await search('水');
    expect(found.has(made.leak.id) && found.has(made.water.id)).toBe(true);
    expect(found.has(made.aircon.id)).toBe(false);
  });

  it('Latin words match case-insensitively and as prefixes; every word must match', async () => {
    expect(await search('pump')).toEqual(new Set([made.pump.id, made.pumps.id]));
    expect(await search('PUM')).toEqual(new Set([made.pump.id, made.pumps.id]));
    expect(await search('broken pump')).toEqual(new Set([made.pump.id]));
    expect((await search('pump 空调')).size).toBe(0);
    // A Chinese word with a prefix word: both must match.
    expect(await search('漏水 1391234')).toEqual(new Set([made.leak.id]));
    expect((await search('漏水 1360')).size).toBe(0);
  });

  it('order number, requester name and a phone prefix find the order', async () => {
    expect(await search(made.leak.order_no)).toEqual(new Set([made.leak.id]));
    expect((await search('王小明')).has(made.leak.id)).toBe(true);
    expect((await search('1391234')).has(made.leak.id)).toBe(true);
    expect((await search('maria')).has(made.pump.id)).toBe(true);
  });

  it('punctuation alone matches nothing; the total counts the matches', async () => {
    expect((await search('，。')).size).toBe(0);
    const r = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, keyword: 'pump', pageSize: 1 } });
    expect(r.body.data.totalCount).toBe(2);
    expect(r.body.data.totalCapped).toBeUndefined();
    expect(r.body.data.data.map((o: { id: number }) => o.id)).toEqual([made.pumps.id]);
    const second = await call(h.app, 'GET', '/admin/Workorder/list', {
      token: admin,
      payload: { company_id: h.property, keyword: 'pump', pageSize: 1, pageNo: 2 },
    });
    expect(second.body.data.data.map((o: { id: number }) => o.id)).toEqual([made.pump.id]);
  });

  it('a keyword combines with the other filters', async () => {
    const r = await call(h.app, 'GET', '/admin/Workorder/list', {
      token: admin,
      payload: { company_id: h.property, keyword: '水', status: 'processing', pageSize: 100 },
    });
    expect(r.body.data.data.every((o: { status: string }) => o.status === 'processing')).toBe(true);
    expect(r.body.data.data.some((o: { id: number }) => o.id === made.leak.id)).toBe(false);
    const open = await call(h.app, 'GET', '/admin/Workorder/list', {
      token: admin,
      payload: { company_id: h.property, keyword: '水', status: 'unassigned', pageSize: 100 },
    });
    const ids = open.body.data.data.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([made.leak.id, made.water.id]));
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(open.body.data.totalCount).toBe(ids.length);
    // A page past the end of a status tab's matches: no order, and still their number.
    const past = await call(h.app, 'GET', '/admin/Workorder/list', {
      token: admin,
      payload: { company_id: h.property, keyword: '水', status: 'unassigned', pageSize: 100, pageNo: 2 },
    });
    expect(past.body.data.data).toEqual([]);
    expect(past.body.data.totalCount).toBe(ids.length);
  });

  it('an edit re-indexes the order', async () => {
    const detail = await call(h.app, 'GET', '/admin/Workorder/work_order_details', { token: admin, payload: { company_id: h.property, id: made.aircon.id } });
    const r = await call(h.app, 'POST', '/admin/Work/edit', {
      token: admin,
      payload: {
        company_id: h.property,
        id: made.aircon.id,
        version: detail.body.data.version,
        form_data: { location: '9栋1单元101', repair_type: '1', description: '暖气片漏水', urgency: '2' },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await search('漏水')).has(made.aircon.id)).toBe(true);
    expect((await search('空调')).has(made.aircon.id)).toBe(false);
    if (dialect === 'postgres') {
      // The postings follow the order's terms: the dropped ones gone, the kept ones once each.
      const postings = await sql<{ term: string; n: number }>`select term, count(*)::int as n from work_order_terms
        where work_order_id = ${made.aircon.id} and term in ('空调', '制冷', '漏水', '暖气') group by term order by term`.execute(h.db);
      expect(postings.rows).toEqual([
        { term: '暖气', n: 1 },
        { term: '漏水', n: 1 },
      ]);
    }
  });

  it('a deleted order is no longer found, nor counted in the total', async () => {
    await order('gone', '阳台玻璃裂缝');
    await order('kept', '阳台玻璃裂缝');
    const payload = (extra: object) => ({ token: admin, payload: { company_id: h.property, id: made.gone.id, ...extra } });
    expect((await call(h.app, 'POST', '/admin/Workorder/work_order_cancel', payload({ reason: '重复提交' }))).status).toBe(200);
    expect((await call(h.app, 'GET', '/admin/Work/delete', payload({}))).status).toBe(200);
    const r = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, keyword: '裂缝', pageSize: 20 } });
    expect(r.body.data.data.map((o: { id: number }) => o.id)).toEqual([made.kept.id]);
    expect(r.body.data.totalCount).toBe(1);
  });

  it.runIf(dialect === 'postgres')('PostgreSQL: postings rebuilt from the term lists answer as before', async () => {
    const before = [...(await search('漏水'))].sort();
    expect(before.length).toBeGreaterThan(0);
    await sql`delete from work_order_terms`.execute(h.db);
    expect((await search('漏水')).size).toBe(0);
    await rebuildPostings(h.appDb);
    expect([...(await search('漏水'))].sort()).toEqual(before);
  });

  it('past the lookahead the total is a lower bound, said so; the page is the newest; paging on counts further', async () => {
    const made = KEYWORD_LOOKAHEAD + 45;
    await manyNewOrders(h.it, made, 'S', (i) => `例行巡检 routine${i}`);
    const page = (pageNo: number) =>
      call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.it, keyword: '巡检', pageSize: 20, pageNo } });
    const first = await page(1);
    expect(first.body.data.totalCount).toBe(20 + KEYWORD_LOOKAHEAD);
    expect(first.body.data.totalCapped).toBe(true);
    const newest = await h.db.selectFrom('work_orders').select('id').where('company_id', '=', h.it).orderBy('id', 'desc').limit(made).execute();
    expect(first.body.data.data.map((o: { id: number }) => o.id)).toEqual(newest.slice(0, 20).map((o) => o.id));
    // A prefix word shared by them all (found among the newest orders first on PostgreSQL).
    const prefix = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.it, keyword: 'routin', pageSize: 20 } });
    expect(prefix.body.data.totalCount).toBe(20 + KEYWORD_LOOKAHEAD);
    expect(prefix.body.data.totalCapped).toBe(true);
    expect(prefix.body.data.data.map((o: { id: number }) => o.id)).toEqual(newest.slice(0, 20).map((o) => o.id));
    // Page 7 (orders 121-140) counts on: all matches are within its lookahead now.
    const seventh = await page(7);
    expect(seventh.body.data.data.map((o: { id: number }) => o.id)).toEqual(newest.slice(120, 140).map((o) => o.id));
    expect(seventh.body.data.totalCapped).toBeUndefined();
    expect(seventh.body.data.totalCount).toBeGreaterThanOrEqual(made);
    // A page past the end has no order and still the number of matches.
    const past = await page(30);
    expect(past.body.data.data).toEqual([]);
    expect(past.body.data.totalCount).toBe(seventh.body.data.totalCount);
  });

  it("a company's search counts its own matches alone, however many newer ones another company has", async () => {
    await order('ownInspection', '地下车库巡检记录');
    // More newer matches in the other company than a page and its lookahead read.
    await manyNewOrders(h.it, KEYWORD_LOOKAHEAD + 45, 'X', (i) => `车库巡检 ${i}`);
    const r = await call(h.app, 'GET', '/admin/Workorder/list', { token: admin, payload: { company_id: h.property, keyword: '巡检', pageSize: 20 } });
    expect(r.body.data.data.map((o: { id: number }) => o.id)).toEqual([made.ownInspection.id]);
    expect(r.body.data.totalCount).toBe(1);
    expect(r.body.data.totalCapped).toBeUndefined();
  });

  it("another company's orders never match", async () => {
    await order('other', '另一家公司的漏水', '测试', '13600000000', h.it);
    expect((await search('漏水')).has(made.other.id)).toBe(false);
    expect((await search('漏水', h.it)).has(made.other.id)).toBe(true);
  });

  it.skipIf(dialect === 'postgres')('merging the index into fewer segments leaves every keyword finding what it found', async () => {
    const segments = async () => (await sql<{ n: number }>`select count(distinct segid) as n from work_order_search_idx`.execute(h.db)).rows[0].n;
    // From a merged index (what earlier tests left would reach 16 segments sometime), each
    // order is committed alone: a segment each, which writes merge only once 16 gathered.
    await mergeIndexFully(h.appDb);
    for (const n of [1, 2, 3, 4]) await order(`merge${n}`, `合并检查 segment ${n}`);
    const scattered = await segments();
    expect(scattered).toBeGreaterThanOrEqual(4);
    const keywords = ['漏水', '水', '漏', 'pump', 'water pump', 'maria', '1391', made.leak.order_no, '空调', '合并', 'segment'];
    const before = await Promise.all(keywords.map((k) => search(k)));
    await mergeIndexFully(h.appDb);
    expect(await segments()).toBeLessThan(scattered);
    expect(await mergeIndexStep(h.appDb, 1000)).toBe(false);
    expect(await Promise.all(keywords.map((k) => search(k)))).toEqual(before);
    expect(before[0].has(made.leak.id) && before[3].has(made.pump.id) && before[9].size === 4).toBe(true);
  });
});
