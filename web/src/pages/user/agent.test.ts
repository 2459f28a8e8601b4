import { describe, expect, it } from 'vitest';
import { describeAgent } from './agent.ts';

describe('describeAgent', () => {
  it('names the browser and the system', () => {
    expect(describeAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome 131 · Windows 10',
    );
    expect(
      describeAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toMatch(/^Safari 17 · iOS 17/);
  });

  it('keeps what it cannot read, and says so when there is nothing', () => {
    expect(describeAgent('curl-ish')).toBe('curl-ish');
    expect(describeAgent('')).toBe('-');
  });
});
