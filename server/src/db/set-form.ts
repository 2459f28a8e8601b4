/**
 * The set form of a deferred write on PostgreSQL (docs/design.md, "Merged commits"): the
 * rows of any number of writes of one text as one statement whose text does not depend on
 * how many there are. `insert into t (a, b) values ($1, $2) …` becomes
 * `insert into t (a, b) select (swo_u.c1::integer), (swo_u.c2::text) from unnest($1::text[],
 * $2::text[]) as swo_u(c1, c2) …`: parameter n of every row goes, as text, into the n-th
 * array. A merged commit of such writes only has one text whatever the number of
 * transactions it holds, so each connection prepares it once (connect.ts) and PostgreSQL
 * parses and plans it once: a merged commit's text changed with its size, and parsing and
 * planning it were a quarter of PostgreSQL's work on a create.
 *
 * A parameter's type comes from the column its row item fills (`ColumnTypes`, read from the
 * catalogue, without length limits so that an over-long value is refused as before, not cut)
 * or from the cast written after it (`$3::text[]`); a text with any other parameter has no
 * set form. Forms: `insert … values (…)`, `insert … select <list without from>`, and a
 * `select <list without from>`, each followed by a tail without parameters (`on conflict …`).
 */
import { BoundedMap } from '../lib/bounded-map.ts';

/** Column types by table and column (`format_type` without type modifier). */
export type ColumnTypes = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The catalogue query giving `ColumnTypes` (rows: table, column, type) for the current schema. */
export const COLUMN_TYPES_SQL = `select c.relname as "table", a.attname as "column", format_type(a.atttypid, null) as "type"
  from pg_attribute a join pg_class c on c.oid = a.attrelid
  where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`;

/** `ColumnTypes` of the catalogue query's rows. */
export function columnTypesOf(rows: readonly { table: string; column: string; type: string }[]): ColumnTypes {
  const out = new Map<string, Map<string, string>>();
  for (const r of rows) {
    let t = out.get(r.table);
    if (!t) out.set(r.table, (t = new Map<string, string>()));
    t.set(r.column, r.type);
  }
  return out;
}

/** A text's set form: `render(offset)` with its arrays as parameters offset+1 … offset+arity. */
export interface SetForm {
  /** How many parameters the text has (and arrays its set form takes). */
  arity: number;
  render(offset: number): string;
}

/** SQL's quoted strings and identifiers, and comments: what readers of a statement's structure skip. */
export const QUOTED_OR_COMMENT = String.raw`'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/`;

/** Quoted text and comments (masked before the text's structure is read). */
const QUOTED = new RegExp(QUOTED_OR_COMMENT, 'g');

const INSERT_HEAD = /^(\s*insert\s+into\s+"?([a-z_][a-z0-9_]*)"?\s*\(([^()]*)\)\s*)(values|select)\s+/i;
const SELECT_HEAD = /^\s*select\s+/i;
const PARAM = /\$(\d+)|\$/g;

const forms = new WeakMap<ColumnTypes, Map<string, SetForm | null>>();

/** The set form of `text` under `types`, or null when it has none (kept by text). */
export function setFormOf(text: string, types: ColumnTypes): SetForm | null {
  let byText = forms.get(types);
  if (!byText) forms.set(types, (byText = new BoundedMap<string, SetForm | null>(1000)));
  let form = byText.get(text);
  if (form === undefined) {
    form = build(text, types);
    byText.set(text, form);
  }
  return form;
}

function build(text: string, types: ColumnTypes): SetForm | null {
  const { masked, comment } = maskQuoted(text);
  if (comment || /\$(?!\d)/.test(masked)) return null;
  // The head on the text itself: its table and columns may be quoted identifiers.
  const insert = INSERT_HEAD.exec(text);
  const select = insert ? null : SELECT_HEAD.exec(text);
  if (!insert && !select) return null;
  const columnTypes = insert ? types.get(insert[2].toLowerCase()) : undefined;
  if (insert && !columnTypes) return null;
  const columns = insert ? insert[3].split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [];
  const start = (insert ?? select)![0].length;
  const row = insert?.[4].toLowerCase() === 'values';
  const parts = row ? valuesRow(masked, start) : listItems(masked, start, !!insert);
  // After a row of values only a conflict clause may follow.
  if (!parts || (row && !/^\s*(on\s+conflict\b[^()]*(\([^()]*\)[^()]*)*)?$/i.test(masked.slice(parts.end)))) return null;
  const tail = text.slice(parts.end);
  if (/\$/.test(masked.slice(parts.end))) return null;
  const seen = new Set<number>();
  const list: string[] = [];
  for (const [i, [from, to]] of parts.items.entries()) {
    const item = text.slice(from, to).trim();
    if (/^default$/i.test(item)) return null; // not a value a select can give
    const bare = /^\$(\d+)$/.exec(item);
    if (bare) {
      // A row item that is a parameter: typed by its column.
      const type = columns.length === parts.items.length ? columnTypes?.get(columns[i]) : undefined;
      const n = Number(bare[1]);
      if (!type || seen.has(n)) return null;
      seen.add(n);
      list.push(`(swo_u.c${n}::${type})`);
      continue;
    }
    let out = '';
    let last = 0;
    const m0 = masked.slice(from, to);
    for (const m of m0.matchAll(PARAM)) {
      const n = Number(m[1]);
      // Any other parameter types itself by its cast: `$3::text[]`.
      if (m[1] === undefined || seen.has(n) || !/^\s*::\s*[a-z"]/i.test(m0.slice(m.index + m[0].length))) return null;
      seen.add(n);
      out += text.slice(from + last, from + m.index) + `swo_u.c${n}`;
      last = m.index + m[0].length;
    }
    list.push((out + text.slice(from + last, to)).trim());
  }
  const arity = seen.size;
  for (let n = 1; n <= arity; n++) if (!seen.has(n)) return null;
  const into = insert ? `${text.slice(0, insert[1].length)}select ` : 'select ';
  const cols = Array.from({ length: arity }, (_, i) => `c${i + 1}`).join(', ');
  // Built once: render runs for every text of every merged commit.
  const head = `${into}${list.join(', ')} from unnest(`;
  const rest = `) as swo_u(${cols})${tail.trim() ? ` ${tail.trim()}` : ''}`;
  return {
    arity,
    render: (offset) => `${head}${Array.from({ length: arity }, (_, i) => `$${offset + i + 1}::text[]`).join(', ')}${rest}`,
  };
}

/**
 * `text` with its quoted strings, quoted identifiers and comments blanked (same length, so
 * positions hold), for reading its structure; `comment`: it held one.
 */
export function maskQuoted(text: string): { masked: string; comment: boolean } {
  let comment = false;
  const masked = text.replace(QUOTED, (q) => {
    if (q.startsWith('--') || q.startsWith('/*')) comment = true;
    return ' '.repeat(q.length);
  });
  return { masked, comment };
}

/**
 * The row of values that opens at `start` in `masked` (maskQuoted): its items' spans
 * (start, end) and the index just past its closing parenthesis; null when no row opens
 * there or it is not closed. Both readers of an insert's row use it: the set form here and
 * the multi-row insert of deferred-writes.ts `rowsOf`.
 */
export function valuesRow(masked: string, start: number): { items: [number, number][]; end: number } | null {
  if (masked[start] !== '(') return null;
  const items: [number, number][] = [];
  let depth = 0;
  let from = start + 1;
  for (let i = start; i < masked.length; i++) {
    const c = masked[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      items.push([from, i]);
      return { items, end: i + 1 };
    } else if (c === ',' && depth === 1) {
      items.push([from, i]);
      from = i + 1;
    }
  }
  return null;
}

/**
 * Item spans of a select list at `start` in `masked` without `from` or any other clause,
 * ended by the text's end or (`conflict`: in an insert) a top-level conflict clause.
 */
function listItems(masked: string, start: number, conflict: boolean): { items: [number, number][]; end: number } | null {
  const items: [number, number][] = [];
  let depth = 0;
  let from = start;
  for (let i = start; i <= masked.length; i++) {
    const c = masked[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return null;
    else if (depth === 0 && (i === masked.length || c === ',' || /\s/.test(c ?? ''))) {
      if (i < masked.length && c !== ',') {
        const word = /^\s+([a-z_]+)/i.exec(masked.slice(i))?.[1]?.toLowerCase();
        if (word && CLAUSES.has(word)) {
          if (!(conflict && /^\s+on\s+conflict\b/i.test(masked.slice(i)))) return null;
          items.push([from, i]);
          return { items, end: i };
        }
        continue;
      }
      items.push([from, i]);
      from = i + 1;
    }
  }
  return depth === 0 ? { items, end: masked.length } : null;
}

/** Words that start a clause after a select list (a list followed by one has no set form, but `on conflict`). */
const CLAUSES = new Set(['from', 'where', 'group', 'having', 'order', 'limit', 'offset', 'union', 'except', 'intersect', 'window', 'on', 'returning', 'for']);

/**
 * A parameter's value as the text PostgreSQL reads for it, as pg would send it: null stays
 * null, arrays become array literals, objects JSON. Throws `NotSettable` for values pg would
 * send otherwise (a Date, bytes).
 */
export function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(v);
    case 'object':
      if (Array.isArray(v)) return `{${v.map((e) => element(e)).join(',')}}`;
      if (v instanceof Date || ArrayBuffer.isView(v)) throw new NotSettable();
      return JSON.stringify(v);
    default:
      throw new NotSettable();
  }
}

/**
 * The text array literal of each row's `column`-th value as text (asText), e.g. `{"1",NULL}`:
 * a set form's parameter. The same as `asText(rows.map((r) => asText(r[column])))`, built in
 * one pass without that form's two arrays and join, since a merged commit makes one for each
 * column of every text it holds (bytes saved: docs/design.md, "Profiles before changes").
 * Throws `NotSettable` as asText does.
 */
export function textArray(rows: readonly { values: readonly unknown[] }[], column: number): string {
  let out = '{';
  for (let r = 0; r < rows.length; r++) {
    const t = asText(rows[r].values[column]);
    out += r === 0 ? quoted(t) : `,${quoted(t)}`;
  }
  return `${out}}`;
}

/**
 * A text as an array element: quoted, or NULL. Only texts that hold a quote or a backslash
 * are escaped: set forms send every value through here (pg's own quoting, with two replaces
 * an element, was ~2 % of the server's CPU on a create).
 */
function quoted(t: string | null): string {
  if (t === null) return 'NULL';
  return ESCAPED.test(t) ? `"${t.replace(ESCAPED_ALL, '\\$&')}"` : `"${t}"`;
}

/**
 * An array element: a nested array as its literal, anything else as its text `quoted`.
 */
function element(e: unknown): string {
  if (Array.isArray(e)) return asText(e)!;
  return quoted(asText(e));
}

const ESCAPED = /[\\"]/;
const ESCAPED_ALL = /[\\"]/g;

/** A value the set form does not carry: the statement is built without it. */
export class NotSettable extends Error {}
