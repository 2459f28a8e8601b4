/** The mark that reopens the change-password dialog after a reload belongs to one session. */
import { describe, expect, it } from 'vitest';
import { passwordChangePending } from './passwordMark.ts';

describe('passwordChangePending', () => {
  it('is pending for the session whose sign-in said so', () => {
    expect(passwordChangePending('tok-1', 'tok-1')).toBe(true);
  });

  it('is not pending without a mark or without a session', () => {
    expect(passwordChangePending(null, 'tok-1')).toBe(false);
    expect(passwordChangePending('', '')).toBe(false);
  });

  it("ignores another session's mark and values that are not a token", () => {
    expect(passwordChangePending('tok-0', 'tok-1')).toBe(false);
    expect(passwordChangePending(true, 'tok-1')).toBe(false);
    expect(passwordChangePending({ value: 'tok-1' }, 'tok-1')).toBe(false);
  });
});
