/**
 * Words for the keyword index of work orders (docs/design.md, "Keyword search").
 *
 * Chinese (and other CJK) text has no spaces and people search it by one or two
 * characters, so a run of CJK characters is indexed as every character and every pair of
 * neighbours, and searched by its pairs (or the character alone): "水管漏水" is found by
 * 漏水, by 水管 and by 漏. Other text is split into words by `Intl.Segmenter` (Node's ICU),
 * lower-cased and NFKC-folded; a query word also matches longer words it begins (prefix).
 * Terms hold only letters and digits, so they are safe in either database's query syntax.
 */

/** Runs of CJK characters, captured: `split` gives other text and runs in turn (runs at odd indices). */
const CJK_RUNS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)/u;
const NOT_WORD = /[^\p{L}\p{N}]/gu;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
/** Longest non-CJK word kept (longer ones are cut: nobody types them whole). */
const MAX_WORD = 40;

/**
 * Splits text into CJK runs and other words, in order. One split by runs, not a test per
 * character: this runs for every order made or edited (a per-character Unicode-property
 * test was ~3 % of a create's CPU under load).
 */
function pieces(text: string): { cjk: string[]; words: string[] } {
  const cjk: string[] = [];
  const words: string[] = [];
  const parts = text.normalize('NFKC').toLowerCase().split(CJK_RUNS);
  for (let i = 0; i < parts.length; i++) {
    if (!parts[i]) continue;
    if (i % 2 === 1) {
      cjk.push(parts[i]);
      continue;
    }
    if (PLAIN_ASCII.test(parts[i])) {
      for (const w of parts[i].split(NOT_ASCII_WORD)) if (w) words.push(w.slice(0, MAX_WORD));
      continue;
    }
    for (const s of segmenter.segment(parts[i])) {
      if (!s.isWordLike) continue;
      const w = s.segment.replace(NOT_WORD, '').slice(0, MAX_WORD);
      if (w) words.push(w);
    }
  }
  return { cjk, words };
}

/**
 * ASCII text without the characters that may join two words into one under Unicode's word
 * rules (UAX #29: `.` `:` `,` `;` `'` `"` `_`). In such text a word is exactly a run of
 * letters and digits, as the segmenter finds it, without its cost: `segment()` sets up
 * ICU's break iterator on every call, and for the few short pieces of an order (its
 * number, a phone) that was most of its terms' time (an order of the bench: 82-94 us ->
 * 10-17 us, measured with the machine loaded). search.test.ts holds the two paths to the
 * same words.
 */
const PLAIN_ASCII = /^[^\u0080-\uffff.:,;'"_]*$/;
const NOT_ASCII_WORD = /[^a-z0-9]+/;

/** The terms a document is indexed under: CJK characters and pairs, and words. */
export function documentTerms(text: string): string[] {
  const out = new Set<string>();
  const { cjk, words } = pieces(text);
  for (const run of cjk) {
    const chars = [...run];
    chars.forEach((c, i) => {
      out.add(c);
      if (i + 1 < chars.length) out.add(c + chars[i + 1]);
    });
  }
  for (const w of words) out.add(w);
  return [...out];
}

/** What a keyword asks for: terms that must all be present, and words that may be prefixes. */
export interface SearchQuery {
  exact: string[];
  prefix: string[];
}

/** The query of a keyword; both lists empty when it holds no letter or digit. */
export function queryTerms(keyword: string): SearchQuery {
  const exact = new Set<string>();
  const { cjk, words } = pieces(keyword);
  for (const run of cjk) {
    const chars = [...run];
    if (chars.length === 1) exact.add(chars[0]);
    for (let i = 0; i + 1 < chars.length; i++) exact.add(chars[i] + chars[i + 1]);
  }
  return { exact: [...exact], prefix: [...new Set(words)] };
}

/** The searchable text of an order: number, title, requester, and every text value of its form (first 4,000 characters). */
export function orderDocument(o: { order_no: string; title: string; requester_name: string; requester_phone: string; form_data: string }): string {
  const values: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') values.push(v);
    else if (typeof v === 'number') values.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  try {
    walk(JSON.parse(o.form_data));
  } catch {
    // Unreadable form data adds nothing.
  }
  return [o.order_no, o.title, o.requester_name, o.requester_phone, values.join(' ').slice(0, 4000)].join(' ');
}
