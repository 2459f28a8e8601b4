/** Process configuration read from the environment (README "Configuration"). */
import { describe, expect, it } from 'vitest';
import { loadConfig, redisPrefixOf } from '../src/config.ts';

describe('REDIS_PREFIX', () => {
  it('defaults to swo:, ends in a colon, and refuses what could reach other keys', () => {
    expect(loadConfig({}).redisPrefix).toBe('swo:');
    expect(loadConfig({ REDIS_PREFIX: 'acme' }).redisPrefix).toBe('acme:');
    expect(redisPrefixOf('swo-staging:')).toBe('swo-staging:');
    for (const bad of ['a*', 'a b', 'x'.repeat(65), 'a{b}']) expect(() => redisPrefixOf(bad), bad).toThrow(/REDIS_PREFIX/);
  });
});
