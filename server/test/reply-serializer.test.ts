import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from '../src/http/reply-serializer.ts';

type Node = { name: string; children: Node[] };
const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
const reply = z.object({
  id: z.number().int(),
  name: z.string(),
  handler_id: z.number().int().nullable(),
  owner: z.object({ id: z.number() }).nullable(),
  form_data: z.unknown(),
  tree: z.array(node),
  note: z.string().optional(),
});
const compile = (check: boolean) => replySerializerCompiler({ check })({ schema: reply, method: 'GET', url: '/x' });

describe('replies are written from the reply schema', () => {
  it('writes only the keys the schema names, at every depth', () => {
    const out = JSON.parse(
      compile(false)({
        id: 1,
        name: 'a',
        handler_id: null,
        owner: { id: 2, password_hash: 'x' },
        form_data: { any: ['thing', 1] },
        tree: [{ name: 'r', children: [{ name: 'c', children: [], secret: 1 }] }],
        password_hash: 'secret',
      }),
    );
    expect(out).toEqual({
      id: 1,
      name: 'a',
      handler_id: null,
      owner: { id: 2 },
      form_data: { any: ['thing', 1] },
      tree: [{ name: 'r', children: [{ name: 'c', children: [] }] }],
    });
  });

  it('writes what zod reads: optional fields left out, nulls kept', () => {
    const out = JSON.parse(compile(true)({ id: 1, name: 'a', handler_id: 3, owner: null, form_data: null, tree: [] }));
    expect(out).toEqual({ id: 1, name: 'a', handler_id: 3, owner: null, form_data: null, tree: [] });
  });

  it('in check mode refuses a reply its schema does not allow', () => {
    expect(() => compile(true)({ id: 1.5, name: 'a', handler_id: null, owner: null, form_data: 1, tree: [] })).toThrow(/does not match its schema/);
  });
});
