/** Every text the server sends comes from its catalogue in the caller's language. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKey, firstSheet, setup, type Harness } from './helper.ts';
import { applicationId, cast, type Cast } from './orders.ts';

let h: Harness;
let c: Cast;
beforeAll(async () => {
  h = await setup();
  c = await cast(h);
});
afterAll(() => h.close());

const sheetOf = firstSheet;

const exportIn = async (lang: string) => {
  const res = await h.app.inject({
    method: 'GET',
    url: '/index.php/admin/Work/export',
    headers: { token: c.admin, lang },
    query: { company_id: String(h.property) },
  });
  expect(res.statusCode).toBe(200);
  return sheetOf(res.rawPayload);
};

describe('exports and imports speak the caller’s language', () => {
  it('export sheet, headers and status words in zh-TW, en-US and pt-BR', async () => {
    const expected = {
      'zh-TW': { sheet: '工單', header: ['工單號', '標題', '狀態'], requester: '請求人', statuses: ['待指派', '處理中', '已完成'] },
      'en-US': {
        sheet: 'Work orders',
        header: ['Order no.', 'Title', 'Status'],
        requester: 'Requester',
        statuses: ['Awaiting assignment', 'Processing', 'Completed'],
      },
      'pt-BR': {
        sheet: 'Ordens de serviço',
        header: ['Nº da ordem', 'Título', 'Situação'],
        requester: 'Solicitante',
        statuses: ['Aguardando atribuição', 'Em andamento', 'Concluída'],
      },
    };
    for (const [lang, e] of Object.entries(expected)) {
      const ws = await exportIn(lang);
      expect(ws.name).toBe(e.sheet);
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 3)).toEqual(e.header);
      expect(header).toContain(e.requester);
      const statuses = new Set<unknown>();
      ws.eachRow((row, n) => n > 1 && statuses.add(row.getCell(3).value));
      for (const s of e.statuses) expect(statuses, lang).toContain(s);
    }
  });

  it('import errors in English, field errors in Portuguese', async () => {
    const appId = await applicationId(h, '投诉与建议');
    const template = await h.app.inject({
      method: 'GET',
      url: '/index.php/admin/Work/importTemplate',
      headers: { token: c.admin, lang: 'en-US' },
      query: { company_id: String(h.property), application_id: String(appId) },
    });
    const ws = await sheetOf(template.rawPayload);
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header.slice(0, 2)).toEqual(['Requester', 'Phone']);
    ws.addRow(['', 'not a phone']); // every required field left empty
    const wb = ws.workbook;
    const form = new FormData();
    form.append('company_id', String(h.property));
    form.append('application_id', String(appId));
    form.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'orders.xlsx');
    const res = await h.app.inject({ method: 'POST', url: '/index.php/admin/Work/batchUpload', headers: { token: c.admin, lang: 'en-US' }, payload: form });
    expect(res.statusCode).toBe(200);
    const messages = res.json<{ data: { errors: { message: string }[] } }>().data.errors.map((e) => e.message);
    expect(messages).toContain('This field is required');
    expect(messages).toContain('This value is not valid');
    // the template's author wrote its own (Chinese) messages for its fields: those are kept
    expect(messages).toContain('请填写标题');
    expect(messages.join(' ')).not.toMatch(/expected|pattern|Invalid/);

    const key = await appKey(h.db, h.property, '投诉与建议');
    const submit = await h.app.inject({
      method: 'POST',
      url: '/index.php/home/Work_Create/createWorkNew',
      headers: { lang: 'pt-BR' },
      payload: { app_key: key, requester_phone: '1', form_data: {} },
    });
    expect(submit.statusCode).toBe(400);
    const errors = submit.json<{ data: { errors: Record<string, string[]> } }>().data.errors;
    expect(errors).toEqual({ requester_name: ['Este campo é obrigatório'], requester_phone: ['Este valor não é válido'] });
  });
});
