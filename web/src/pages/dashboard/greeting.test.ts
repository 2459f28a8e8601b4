import { describe, expect, it } from 'vitest';
import { lastDays, parsePageNo, welcomeKey } from './greeting.ts';

describe('welcomeKey (docs/product.md, section 9)', () => {
  it('follows the hour boundaries', () => {
    const by = (h: number) => welcomeKey(h).replace('welcome.', '');
    expect([0, 8].map(by)).toEqual(['earlyMorning', 'earlyMorning']);
    expect([9, 11].map(by)).toEqual(['morning', 'morning']);
    expect([12, 13].map(by)).toEqual(['noon', 'noon']);
    expect([14, 19].map(by)).toEqual(['afternoon', 'afternoon']);
    expect([20, 23].map(by)).toEqual(['evening', 'evening']);
  });
});

describe('lastDays', () => {
  it('covers the given number of days up to today, across a month end', () => {
    expect(lastDays(30, new Date(2026, 2, 5))).toEqual(['2026-02-04', '2026-03-05']);
    expect(lastDays(1, new Date(2026, 0, 1))).toEqual(['2026-01-01', '2026-01-01']);
  });
});

describe('parsePageNo', () => {
  it('accepts positive integers only', () => {
    expect(parsePageNo(undefined)).toBeUndefined();
    expect(parsePageNo('3')).toBe(3);
    expect(parsePageNo('0')).toBeNull();
    expect(parsePageNo('-1')).toBeNull();
    expect(parsePageNo('1.5')).toBeNull();
    expect(parsePageNo('abc')).toBeNull();
  });
});
