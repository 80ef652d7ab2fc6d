import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mergeBySchema } from './merge-settings';

const Schema = z.object({
  section: z.object({
    a: z.number(),
    b: z.number(),
    optional: z.number().optional(),
    withDefault: z.number().default(7),
  }),
  nested: z.object({ inner: z.object({ x: z.string(), y: z.string() }) }).nullable(),
  record: z.record(z.string(), z.number()),
  list: z.array(z.number()),
  union: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('a') }),
    z.object({ kind: z.literal('b'), id: z.string() }),
  ]),
});
type Value = z.infer<typeof Schema>;
const base: Value = {
  section: { a: 1, b: 2, optional: 3, withDefault: 9 },
  nested: { inner: { x: 'x', y: 'y' } },
  record: { k: 1 },
  list: [1, 2],
  union: { kind: 'b', id: 'i' },
};

describe('mergeBySchema', () => {
  it('fills missing fields of fixed-shape objects at any depth', () => {
    expect(Schema.parse(mergeBySchema(Schema, base, { section: { a: 5 }, nested: { inner: { y: 'Y' } } }))).toEqual({
      ...base,
      section: { ...base.section, a: 5, optional: undefined },
      nested: { inner: { x: 'x', y: 'Y' } },
    });
  });

  it('never fills an optional field: absent means unset', () => {
    const merged = mergeBySchema(Schema, base, { section: { a: 5 } }) as Value;
    expect('optional' in merged.section).toBe(false);
    // A field with a default is filled from below, so a patch does not reset it to the default.
    expect(merged.section.withDefault).toBe(9);
  });

  it('replaces records, arrays and unions whole', () => {
    const merged = Schema.parse(mergeBySchema(Schema, base, { record: { other: 2 }, list: [3], union: { kind: 'a' } }));
    expect(merged.record).toEqual({ other: 2 });
    expect(merged.list).toEqual([3]);
    expect(merged.union).toEqual({ kind: 'a' });
  });

  it('keeps what it cannot merge for the schema to judge', () => {
    expect(Schema.safeParse(mergeBySchema(Schema, base, { section: 'nope' })).success).toBe(false);
    expect(Schema.safeParse(mergeBySchema(Schema, base, { section: { a: 'nope' } })).success).toBe(false);
    expect(mergeBySchema(Schema, base, { nested: null })).toMatchObject({ nested: null });
    expect(mergeBySchema(Schema, base, [1])).toEqual([1]);
  });
});
