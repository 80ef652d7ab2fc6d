// One merge for the settings, used twice: an older settings file is laid over the
// defaults (so a section or field added since is filled in, not declared corrupt),
// and a patch is laid over the current settings (so `{ chat: { sendKey } }` keeps
// every other chat field).
//
// The schema, not the default values, says where to descend. Only fixed-shape
// objects (`z.object`) are merged key by key; records, arrays, unions and plain
// values are replaced whole. Defaults alone could not tell a record from an
// object: `tools.policies` defaults to `{}`, and merging it would make a policy
// the user reset come back; `chat.endpoint` is a union, and merging
// `{ kind: 'local' }` over a link would keep a stale `linkId`.
//
// A key the schema marks optional is never filled in from the side below:
// absent means "not set". `chat.sampling.temperature` left out means "the
// server's default", and the conventions form saves sampling whole, without
// the fields the user cleared; filling them back would undo the clearing.
import { z } from 'zod';

/** `over` laid on `base` as described above; the result still has to be parsed with `schema`. */
export function mergeBySchema(schema: z.ZodType, base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  const object = objectSchema(schema);
  if (!object || !isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(object.shape) as Array<[string, z.ZodType]>) {
    if (over[key] !== undefined) out[key] = mergeBySchema(field, base[key], over[key]);
    else if (base[key] !== undefined && !absentMeansUnset(field)) out[key] = base[key];
  }
  // Keys the schema does not know pass through, so its own verdict on them (strip or refuse) stands.
  for (const key of Object.keys(over)) if (!Object.hasOwn(object.shape, key)) out[key] = over[key];
  return out;
}

function objectSchema(schema: z.ZodType): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return objectSchema(schema.unwrap() as z.ZodType);
  return null;
}

// Optional, and not `.default()`: a default would turn the absence into a value, so the side below must still fill it.
function absentMeansUnset(schema: z.ZodType): boolean {
  const parsed = schema.safeParse(undefined);
  return parsed.success && parsed.data === undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
