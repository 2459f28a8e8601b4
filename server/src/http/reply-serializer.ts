/**
 * How replies are written (docs/design.md, "HTTP contract", Replies): fast-json-stringify, compiled
 * once per route from the JSON Schema of the endpoint's zod reply in the contract. Keys the
 * reply schema does not name are not written, the allow-list zod's parse gave; what handlers
 * return is typed against the same schema (`ReplyIn`), so the type checker stands in for the
 * parse. fastify-type-provider-zod's serializer parsed every reply with zod and then ran
 * JSON.stringify: 6 % of a list call's CPU under load (bench/profile.ts).
 *
 * `check` (the HTTP tests turn it on) also parses each reply with zod and throws when the
 * two writings differ, so a schema the conversion gets wrong fails a test, not a user.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The schema as fast-json-stringify should read it: no `additionalProperties: false` (it
 * writes only named keys anyway, and inside `anyOf` the check made it refuse objects with
 * extra keys), no numeric bounds, `anyOf [T, null]` of a simple T as `type: [T, 'null']`
 * (an `anyOf` is tried value by value with a validator).
 */
export function serializableSchema(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(serializableSchema);
  if (!s || typeof s !== 'object') return s;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(s as JsonSchema)) {
    if ((k === 'additionalProperties' && v === false) || k === '$schema' || k === 'minimum' || k === 'maximum') continue;
    out[k] =
      k === 'properties' || k === '$defs'
        ? Object.fromEntries(Object.entries(v as JsonSchema).map(([name, x]) => [name, serializableSchema(x)]))
        : serializableSchema(v);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((x: JsonSchema) => x.type === 'null' && Object.keys(x).length === 1);
    const other = anyOf[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** Fastify's serializer compiler for zod reply schemas (see above). */
export function replySerializerCompiler({ check = false }: { check?: boolean } = {}) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = schema as z.ZodType;
    const write = fastJson(serializableSchema(z.toJSONSchema(zodSchema, { io: 'output' })) as Schema);
    if (!check) return (data: unknown) => write(data);
    return (data: unknown) => {
      const parsed = zodSchema.safeParse(data);
      if (!parsed.success) throw new Error(`reply of ${method} ${url} does not match its schema: ${parsed.error.message}`);
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(parsed.data)))) {
        throw new Error(`reply of ${method} ${url} written differently from zod's reading:\n${written}\n${JSON.stringify(parsed.data)}`);
      }
      return written;
    };
  };
}
