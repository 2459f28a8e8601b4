/**
 * The time zones a company is offered: common IANA zones (Asia/Shanghai first, the
 * default), each labelled with its current UTC offset. A zone outside the list (set
 * earlier) is offered too, so an edit keeps it.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export const COMMON_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Moscow',
  'Africa/Luanda',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Pacific/Auckland',
  'UTC',
] as const;

/** The zone's offset from UTC at `at`, as 'UTC+08:00' ('' for a zone the runtime does not know). */
export function utcOffset(zone: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    const gmt = part?.value ?? '';
    return gmt === 'GMT' ? 'UTC+00:00' : gmt.replace(/^GMT/, 'UTC');
  } catch {
    return '';
  }
}

/** The select's options: the common zones, plus `current` when it is another one. */
export function timeZoneOptions(current?: string, at = new Date()): { value: string; label: string }[] {
  const zones: string[] = [...COMMON_TIME_ZONES];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((z) => {
    const offset = utcOffset(z, at);
    return { value: z, label: offset ? `${z} (${offset})` : z };
  });
}
