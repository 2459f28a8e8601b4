/** Reading a list's state from the URL and patching it (urlTable.ts): what reaches the address bar and what a hand-edited URL reads as. */
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@swo/contract';
import { param, urlTable } from './urlTable.ts';

const table = urlTable(
  {
    tab: param.oneOf(['handling', 'created'], 'handling'),
    status: param.oneOf(['open', 'done'], ''),
    keyword: param.text(),
    app: param.positiveInt(),
    from: param.day(),
  },
  { pageSize: 20 },
);

describe('param parsers', () => {
  it('oneOf: listed values, else the fallback', () => {
    const p = param.oneOf(['a', 'b'], '');
    expect([p.parse('a'), p.parse('c'), p.parse(null), p.parse('')]).toEqual(['a', '', '', '']);
    expect(param.oneOf(['a']).parse('x')).toBeUndefined();
  });

  it('positiveInt: plain positive digits only', () => {
    const p = param.positiveInt();
    expect(['7', '0', '-3', '2.5', ' 7', '', 'x', '1e3', null].map((v) => p.parse(v))).toEqual([7, ...Array(8).fill(undefined)]);
    expect(param.positiveInt(1).parse('abc')).toBe(1);
    expect(p.parse('99999999999999999999')).toBeUndefined();
  });

  it('day: an existing YYYY-MM-DD, else empty', () => {
    const p = param.day();
    expect(['2024-02-29', '2023-02-29', '2024-13-01', '2024-1-5', '2024/01/05', '', null].map((v) => p.parse(v))).toEqual([
      '2024-02-29',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it(`pageSize: 1..${MAX_PAGE_SIZE}, too large is cut down, invalid is the default`, () => {
    const p = param.pageSize(10);
    expect(['50', '1', '100', '101', '5000', '0', '-1', 'x', null].map((v) => p.parse(v))).toEqual([50, 1, 100, 100, 100, 10, 10, 10, 10]);
  });
});

describe('urlTable.read', () => {
  it('an empty URL reads as the defaults, paging included', () => {
    expect(table.read('')).toEqual({ tab: 'handling', status: '', keyword: '', app: undefined, from: '', pageNo: 1, pageSize: 20 });
  });

  it('reads valid values and ignores invalid ones and unknown params', () => {
    const s = table.read('?tab=created&status=bogus&keyword=%E6%BC%8F%E6%B0%B4&app=3&from=2024-05-01&pageNo=4&pageSize=500&other=1');
    expect(s).toEqual({ tab: 'created', status: '', keyword: '漏水', app: 3, from: '2024-05-01', pageNo: 4, pageSize: 100 });
  });
});

describe('urlTable.patch', () => {
  const patch = (search: string, p: Parameters<typeof table.patch>[1]) => table.patch(search, p).toString();

  it('sets values; undefined and empty delete them', () => {
    expect(patch('', { status: 'open', app: 5 })).toBe('status=open&app=5');
    expect(patch('status=open&keyword=x&app=5', { keyword: '', app: undefined })).toBe('status=open');
  });

  it('a filter change goes back to page 1; a page change keeps the filters', () => {
    expect(patch('status=open&pageNo=3', { keyword: 'leak' })).toBe('status=open&keyword=leak');
    expect(patch('status=open&pageNo=3', { pageNo: 4, pageSize: 50 })).toBe('status=open&pageNo=4&pageSize=50');
  });

  it('a page-size change alone starts at page 1 again', () => {
    expect(patch('pageNo=3', { pageSize: 50 })).toBe('pageSize=50');
  });

  it('defaults are not written: page 1, the default page size, the default tab', () => {
    expect(patch('tab=created&pageNo=2&pageSize=50', { tab: 'handling' })).toBe('pageSize=50');
    expect(patch('pageNo=2&pageSize=50', { pageNo: 1, pageSize: 20 })).toBe('');
  });

  it('values are normalised by their parser: invalid ones are not written, too large page sizes are cut down', () => {
    expect(patch('status=open', { status: 'bogus' as 'open' })).toBe('');
    expect(patch('', { pageNo: 2, pageSize: 1000 })).toBe(`pageNo=2&pageSize=${MAX_PAGE_SIZE}`);
    expect(patch('from=2024-01-01', { from: '2024-02-30' })).toBe('');
  });

  it('params the table does not describe are kept', () => {
    expect(patch('?ident=abc&status=open', { status: 'done' })).toBe('ident=abc&status=done');
  });

  it('two quick patches on the live URL both survive', () => {
    // What update() does: each patch starts from the URL the previous one wrote.
    let url = '';
    url = patch(url, { app: 2 });
    url = patch(url, { from: '2024-05-01' });
    expect(table.read(url)).toMatchObject({ app: 2, from: '2024-05-01' });
  });
});
