/** The time zones offered for a company: valid IANA names with their offsets; a zone set earlier stays offered. */
import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, DEFAULT_TIME_ZONE, timeZoneOptions, utcOffset } from './timeZones.ts';

describe('time zones', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');

  it('offers Asia/Shanghai first, and only zones the runtime knows', () => {
    expect(COMMON_TIME_ZONES[0]).toBe(DEFAULT_TIME_ZONE);
    for (const z of COMMON_TIME_ZONES) expect(utcOffset(z), z).toMatch(/^UTC[+-]\d{2}:\d{2}$/);
  });

  it('labels each zone with its offset at the time (daylight saving included)', () => {
    expect(utcOffset('Asia/Shanghai', winter)).toBe('UTC+08:00');
    expect(utcOffset('UTC', winter)).toBe('UTC+00:00');
    expect(utcOffset('Asia/Kolkata', winter)).toBe('UTC+05:30');
    expect(utcOffset('Europe/Lisbon', winter)).toBe('UTC+00:00');
    expect(utcOffset('Europe/Lisbon', summer)).toBe('UTC+01:00');
    expect(utcOffset('America/Sao_Paulo', summer)).toBe('UTC-03:00');
    expect(utcOffset('Not/AZone')).toBe('');
    expect(timeZoneOptions(undefined, winter)[0]).toEqual({ value: 'Asia/Shanghai', label: 'Asia/Shanghai (UTC+08:00)' });
  });

  it('keeps a zone set earlier that is not in the list', () => {
    const options = timeZoneOptions('Asia/Kathmandu', winter);
    expect(options[0]).toEqual({ value: 'Asia/Kathmandu', label: 'Asia/Kathmandu (UTC+05:45)' });
    expect(options).toHaveLength(COMMON_TIME_ZONES.length + 1);
    expect(timeZoneOptions('Asia/Tokyo', winter)).toHaveLength(COMMON_TIME_ZONES.length);
  });
});
