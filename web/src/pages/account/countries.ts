/**
 * Countries and regions for the basic settings: ISO 3166-1 alpha-2 codes (i18n-iso-countries)
 * named in the interface language by the browser's Intl.DisplayNames, sorted by that name.
 */
import { getAlpha2Codes } from 'i18n-iso-countries';

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<string, CountryOption[]>();

/** Every country as `{value: code, label: name in lang}`. */
export function countryOptions(lang: string): CountryOption[] {
  const hit = cache.get(lang);
  if (hit) return hit;
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(lang);
  const list = Object.keys(getAlpha2Codes())
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
  cache.set(lang, list);
  return list;
}
