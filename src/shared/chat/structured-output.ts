// Structured output: a conversation (or `eva ask --schema`) requires its answers to fit a JSON schema. This file is
// what every side needs without ajv: the schema as it is kept and sent, reading a pasted or loaded schema, the
// request's `response_format`, and the result of checking an answer (structured-check.ts does the checking, with
// ajv, in the core: the page's CSP allows no generated code). Apart from the chat schemas because the history
// schemas need it and must not import those (a cycle).
import { z } from 'zod';

/** The longest schema kept with a conversation and sent, as JSON text. */
export const MAX_SCHEMA_CHARS = 100_000;

/** OpenAI's rule for `json_schema.name`; llama-server ignores the name. */
const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const JsonSchemaObject = z
  .record(z.string(), z.unknown())
  .refine((schema) => JSON.stringify(schema).length <= MAX_SCHEMA_CHARS, {
    message: `a schema is at most ${MAX_SCHEMA_CHARS} characters of JSON`,
  });

/** What a conversation requires of its answers: a JSON schema (and the name a hosted API wants with it). */
export const StructuredOutputSchema = z
  .object({ schema: JsonSchemaObject, name: z.string().regex(NAME_PATTERN).optional() })
  .strict();
export type StructuredOutput = z.infer<typeof StructuredOutputSchema>;

/** Why a schema cannot be used: not JSON, JSON but no object, too long, or an object ajv does not take as a schema. */
export type SchemaProblem =
  | { reason: 'not_json'; message: string }
  | { reason: 'not_object' }
  | { reason: 'too_large'; limit: number }
  | { reason: 'not_schema'; path: string; message: string };

export type SchemaReading = { ok: true; output: StructuredOutput } | { ok: false; problem: SchemaProblem };

/**
 * A schema as the user pasted it or a file holds it. The wrappers OpenAI's documentation shows are taken too, so a
 * schema copied from a request works as it is: `{name, schema, strict}` and `{type: "json_schema", json_schema}`.
 * Whether the object is a schema at all is for the core to say (structured-check.ts).
 */
export function readSchemaText(text: string): SchemaReading {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, problem: { reason: 'not_json', message: error instanceof Error ? error.message : '' } };
  }
  return readSchemaValue(value);
}

/** As readSchemaText, for a value already parsed. */
export function readSchemaValue(value: unknown): SchemaReading {
  const unwrapped = unwrap(value);
  if (!isObject(unwrapped.schema)) return { ok: false, problem: { reason: 'not_object' } };
  if (JSON.stringify(unwrapped.schema).length > MAX_SCHEMA_CHARS)
    return { ok: false, problem: { reason: 'too_large', limit: MAX_SCHEMA_CHARS } };
  const name = unwrapped.name ?? nameFrom(unwrapped.schema.title);
  return { ok: true, output: { schema: unwrapped.schema, ...(name ? { name } : {}) } };
}

function unwrap(value: unknown): { schema: unknown; name?: string } {
  if (!isObject(value)) return { schema: value };
  if (value.type === 'json_schema' && isObject(value.json_schema)) return unwrap(value.json_schema);
  const keys = Object.keys(value);
  const wrapper = isObject(value.schema) && keys.every((key) => WRAPPER_KEYS.has(key));
  if (!wrapper) return { schema: value };
  const name = nameFrom(value.name);
  return { schema: value.schema, ...(name ? { name } : {}) };
}

const WRAPPER_KEYS = new Set(['name', 'schema', 'strict', 'description']);

/** A name OpenAI accepts, made from a schema's title or a wrapper's name; undefined when nothing is left of it. */
function nameFrom(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return NAME_PATTERN.test(name) ? name : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The request's `response_format`, one form for every server: llama-server turns the schema into a grammar that the
 * sampler follows token by token, and OpenAI-compatible APIs take the same object (they want a name, and `strict`
 * makes theirs enforce it rather than treat it as a hint).
 */
export function responseFormatOf(output: StructuredOutput): Record<string, unknown> {
  return { type: 'json_schema', json_schema: { name: output.name ?? 'answer', schema: output.schema, strict: true } };
}

/** The JSON text of an answer: trimmed, and without the ```json fence a model sometimes puts around it. */
export function answerJsonText(content: string): string {
  const text = content.trim();
  const fenced = /^(`{3,})[\w-]*[ \t]*\n([\s\S]*?)\n?\1$/.exec(text);
  return fenced ? (fenced[2] ?? '').trim() : text;
}

/**
 * How a finished answer stood against its conversation's schema, saved with it: it fits; it is not JSON; it was cut
 * off at its token limit before the JSON closed; or it is JSON that does not fit (ajv's first error: where, which
 * keyword, its words and parameters).
 */
export type SchemaCheck =
  | { fits: true }
  | { fits: false; reason: 'not_json' | 'cut_off'; message: string }
  | {
      fits: false;
      reason: 'mismatch';
      path: string;
      keyword: string;
      message: string;
      params?: Record<string, unknown>;
    };

/** The saved form of a SchemaCheck (a history file is read back through it). */
export const SchemaCheckSchema: z.ZodType<SchemaCheck> = z.union([
  z.object({ fits: z.literal(true) }),
  z.object({ fits: z.literal(false), reason: z.enum(['not_json', 'cut_off']), message: z.string().max(2000) }),
  z.object({
    fits: z.literal(false),
    reason: z.literal('mismatch'),
    path: z.string().max(2000),
    keyword: z.string().max(200),
    message: z.string().max(2000),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
]);
