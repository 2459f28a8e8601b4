import { describe, expect, it } from 'vitest';
import { contrastWithWhite, readableOnWhite } from './contrast.ts';

describe('readableOnWhite', () => {
  it('darkens the palette colours to AA contrast with white', () => {
    for (const c of ['#1890ff', '#F5222D', '#FA541C', '#FAAD14', '#00873B', '#52C41A', '#2F54EB', '#722ED1']) {
      expect(contrastWithWhite(readableOnWhite(c))).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('keeps colours that are already dark enough', () => {
    expect(readableOnWhite('#722ed1')).toBe('#722ed1');
  });
});
