/** Control ↔ wire values of template fields: what the contract's validator accepts. */
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { validateFormData, type FormField } from '@swo/contract';
import { initialValues, toWireValue, wireValues } from './formValues.ts';

const field = (type: string, options: FormField['options'] = {}, required = false): FormField => ({
  type,
  label: type,
  model: type,
  key: type,
  options,
  rules: required ? [{ required: true }] : [],
});

describe('form values', () => {
  it('formats dates, ranges and times as the validator expects', () => {
    const d = dayjs('2026-03-04 05:06:07');
    expect(toWireValue(field('date'), d)).toBe('2026-03-04');
    expect(toWireValue(field('date', { format: 'YYYY-MM-DD HH:mm:ss' }), d)).toBe('2026-03-04 05:06:07');
    expect(toWireValue(field('date', { range: true }), [d, d])).toEqual(['2026-03-04', '2026-03-04']);
    expect(toWireValue(field('time'), d)).toBe('05:06:07');
    expect(toWireValue(field('switch'), undefined)).toBe(false);
    expect(toWireValue(field('checkbox'), [])).toBeUndefined();
  });

  it("reads the original designer's upload default, the text '[]', as no files", () => {
    const init = initialValues([field('uploadImg', { defaultValue: '[]' }), field('uploadFile', { defaultValue: 'not json' })]);
    expect(init.uploadImg).toBeUndefined();
    expect(init.uploadFile).toBeUndefined();
  });

  it('turns template defaults into control values', () => {
    const init = initialValues([field('date', { defaultValue: '2026-01-02' }), field('number', { defaultValue: '3' }), field('switch')]);
    expect(dayjs.isDayjs(init.date)).toBe(true);
    expect(init.number).toBe(3);
    expect(init.switch).toBe(false);
  });

  it('wire values pass the shared validator', () => {
    const fields = [
      field('input', {}, true),
      field('date', {}, true),
      field('select', { multiple: true, options: [{ value: 'a', label: 'A' }] }, true),
      field('switch'),
    ];
    const values = wireValues(fields, { input: 'x', date: dayjs('2026-05-06'), select: ['a'], switch: true });
    expect(validateFormData({ list: fields }, values).ok).toBe(true);
    expect(validateFormData({ list: fields }, wireValues(fields, {})).errors).toHaveProperty('input');
  });

  it('converts the fields inside batch rows and ticked choices both ways, keeping row keys', () => {
    const batch: FormField = {
      ...field('batch'),
      model: 'rows',
      list: [
        { ...field('date'), model: 'day' },
        { ...field('number'), model: 'n' },
      ],
    };
    const wire = [{ key: 7, day: '2026-05-06', n: 2 }];
    const control = initialValues([batch], { rows: wire }).rows as Record<string, unknown>[];
    expect(dayjs.isDayjs(control[0].day)).toBe(true);
    expect(control[0].key).toBe(7);
    expect(wireValues([batch], { rows: control })).toEqual({ rows: wire });
    expect(validateFormData({ list: [batch] }, wireValues([batch], { rows: control })).ok).toBe(true);

    const choices: FormField = { ...field('selectInputList'), model: 'how', columns: [{ value: 'a', label: 'A', list: [{ ...field('time'), model: 'at' }] }] };
    const entry = initialValues([choices], { how: [{ checked: true, value: 'a', label: 'A', at: '08:30:00' }] }).how as Record<string, unknown>[];
    expect(dayjs.isDayjs(entry[0].at)).toBe(true);
    expect(wireValues([choices], { how: entry })).toEqual({ how: [{ checked: true, value: 'a', label: 'A', at: '08:30:00' }] });
  });
});
