// GGUF's typed values (metadata is key → typed value, arrays of arrays included),
// read off the cursor. Lengths are checked against limits and the bytes left before
// anything is allocated, what is kept is charged to the read's budget before it is
// decoded, and values nobody asked for (a 32k-token vocabulary, a key the caller does
// not read) are skipped by their lengths instead of decoded.
import { invalidGguf, MAX_STRING_BYTES, overLimitGguf, truncatedGguf, type GgufCursor } from './gguf-cursor';
import type { KeptBudget } from './gguf-kept-budget';

/** GGUF value type codes, as in ggml's gguf.h. */
export const GgufType = {
  UINT8: 0,
  INT8: 1,
  UINT16: 2,
  INT16: 3,
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  UINT64: 10,
  INT64: 11,
  FLOAT64: 12,
} as const;
export type GgufType = (typeof GgufType)[keyof typeof GgufType];

/** An array value: its element type and length, plus the elements when they were kept. */
export interface GgufArray {
  type: GgufType;
  length: number;
  values?: GgufValue[];
}
/** A metadata value; 64-bit integers are bigints so no value is ever rounded. */
export type GgufValue = number | bigint | boolean | string | GgufArray;

const MAX_ARRAY_DEPTH = 8;

// Bytes each element takes; 0 marks variable-size types (string, array).
const ELEMENT_BYTES: readonly number[] = [1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8];
// The least an element can take, used to reject absurd array lengths before reading them.
const MIN_ELEMENT_BYTES: readonly number[] = [1, 1, 2, 2, 4, 4, 4, 1, 8, 12, 8, 8, 8];

async function readLength(c: GgufCursor, what: string, limit: number): Promise<number> {
  if (!c.has(8)) await c.need(8, what);
  const at = c.pos;
  const length = c.u64n();
  if (length > limit) {
    throw overLimitGguf(`invalid GGUF: ${what} at byte ${at} declares ${length} bytes (limit ${limit})`, {
      path: c.path,
      at,
      length,
      limit: 'string',
      found: length,
      max: limit,
    });
  }
  return length;
}

/** A u64-length-prefixed UTF-8 string of at most `limit` bytes, charged to `budget` when one is given. */
export async function readString(
  c: GgufCursor,
  what: string,
  limit = MAX_STRING_BYTES,
  budget?: KeptBudget,
): Promise<string> {
  const length = await readLength(c, what, limit);
  budget?.chargeString(length, what);
  if (!c.has(length)) await c.need(length, what);
  return c.utf8(length);
}

/** Moves past a string without decoding it. */
async function skipString(c: GgufCursor, what: string): Promise<void> {
  c.skip(await readLength(c, what, MAX_STRING_BYTES), what);
}

async function readScalar(c: GgufCursor, type: GgufType, what: string): Promise<number | bigint | boolean> {
  const size = ELEMENT_BYTES[type] ?? 0;
  if (!c.has(size)) await c.need(size, what);
  return scalarAt(c, type);
}

/** The scalar at the cursor, which the caller has made available. */
function scalarAt(c: GgufCursor, type: GgufType): number | bigint | boolean {
  switch (type) {
    case GgufType.UINT8:
      return c.u8();
    case GgufType.INT8:
      return c.i8();
    case GgufType.UINT16:
      return c.u16();
    case GgufType.INT16:
      return c.i16();
    case GgufType.UINT32:
      return c.u32();
    case GgufType.INT32:
      return c.i32();
    case GgufType.FLOAT32:
      return c.f32();
    case GgufType.BOOL:
      return c.u8() !== 0;
    case GgufType.UINT64:
      return c.u64();
    case GgufType.INT64:
      return c.i64();
    case GgufType.FLOAT64:
      return c.f64();
    default:
      throw new Error(`not a scalar GGUF type: ${type}`);
  }
}

/** A u32 value type code, rejected when it is none of GGUF's. */
export async function readType(c: GgufCursor, what: string): Promise<GgufType> {
  if (!c.has(4)) await c.need(4, what);
  const at = c.pos;
  const type = c.u32();
  if (type > GgufType.FLOAT64)
    throw invalidGguf(`invalid GGUF: unknown value type ${type} at byte ${at} (${what})`, { path: c.path, at, type });
  return type as GgufType;
}

/** A value of `type`, charged to `budget`; array elements are decoded only with `keepArrays`. */
export async function readValue(
  c: GgufCursor,
  type: GgufType,
  what: string,
  keepArrays: boolean,
  depth: number,
  budget: KeptBudget,
): Promise<GgufValue> {
  if (type === GgufType.STRING) return readString(c, what, MAX_STRING_BYTES, budget);
  budget.chargeElements(1, what);
  if (type !== GgufType.ARRAY) return readScalar(c, type, what);
  const { itemType, length } = await readArrayStart(c, what, depth);
  if (keepArrays)
    return { type: itemType, length, values: await readArrayValues(c, itemType, length, what, depth + 1, budget) };
  await skipArray(c, itemType, length, what, depth + 1);
  return { type: itemType, length };
}

/** Moves past a value of `type` without decoding or keeping any of it. */
export async function skipValue(c: GgufCursor, type: GgufType, what: string, depth: number): Promise<void> {
  if (type === GgufType.STRING) return skipString(c, what);
  if (type !== GgufType.ARRAY) return c.skip(ELEMENT_BYTES[type] ?? 0, what);
  const { itemType, length } = await readArrayStart(c, what, depth);
  await skipArray(c, itemType, length, what, depth + 1);
}

async function readArrayStart(
  c: GgufCursor,
  what: string,
  depth: number,
): Promise<{ itemType: GgufType; length: number }> {
  if (depth >= MAX_ARRAY_DEPTH)
    throw invalidGguf(`invalid GGUF: arrays nested deeper than ${MAX_ARRAY_DEPTH} (${what})`, {
      path: c.path,
      at: c.pos,
    });
  const itemType = await readType(c, what);
  if (!c.has(8)) await c.need(8, what);
  const length = c.u64n();
  // Even the smallest elements must fit in what is left of the file.
  if (length * (MIN_ELEMENT_BYTES[itemType] ?? 1) > c.size - c.pos) {
    throw truncatedGguf(`truncated GGUF: ${what} declares ${length} elements but only ${c.size - c.pos} bytes follow`, {
      path: c.path,
      at: c.pos,
      length,
    });
  }
  return { itemType, length };
}

// A vocabulary is 150k strings and as many token types: elements already in the buffer are
// read synchronously, so the reader awaits once a chunk rather than once an element.
async function readArrayValues(
  c: GgufCursor,
  itemType: GgufType,
  length: number,
  what: string,
  depth: number,
  budget: KeptBudget,
): Promise<GgufValue[]> {
  const size = ELEMENT_BYTES[itemType] ?? 0;
  if (itemType === GgufType.STRING) {
    const values: string[] = [];
    while (values.length < length) {
      if (!c.has(8)) await c.need(8, what);
      if (c.takeStrings(length - values.length, what, values, budget) === 0)
        values.push(await readString(c, what, MAX_STRING_BYTES, budget));
    }
    return values;
  }
  const values: GgufValue[] = [];
  if (size > 0) budget.chargeElements(length, what);
  for (let i = 0; i < length; i++) {
    if (size === 0) values.push(await readValue(c, itemType, what, true, depth, budget));
    else {
      if (!c.has(size)) await c.need(size, what);
      values.push(scalarAt(c, itemType));
    }
  }
  return values;
}

async function skipArray(
  c: GgufCursor,
  itemType: GgufType,
  length: number,
  what: string,
  depth: number,
): Promise<void> {
  const size = ELEMENT_BYTES[itemType] ?? 0;
  if (size > 0) return c.skip(size * length, what);
  let left = length;
  while (left > 0) {
    if (itemType === GgufType.STRING) {
      if (!c.has(8)) await c.need(8, what);
      left -= c.skipStrings(left, what);
    } else {
      await skipValue(c, GgufType.ARRAY, what, depth);
      left--;
    }
  }
}
