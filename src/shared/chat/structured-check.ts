// Checks structured output with ajv: whether a schema is one (before any send), and whether a finished answer fits
// its schema. Runs where generated code may run (the core, the terminal): ajv compiles each schema to a function,
// which the page's CSP refuses. Validators are cached per schema text, so a conversation's schema is compiled once.
import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import type AjvCore from 'ajv/dist/core.js';
import { ajvLinearRegExp } from '../tools/linear-regexp';
import { answerJsonText, type SchemaCheck, type SchemaProblem } from './structured-output';

/** The most validators kept; a conversation's schema is one, so this only bounds a long-running core. */
const CACHE_SIZE = 64;

export interface StructuredChecker {
  /** why this object is not a JSON schema ajv can use (at which place of it), or null */
  schemaProblem(schema: Record<string, unknown>): SchemaProblem | null;
  /** a finished answer against its schema; `cutOff`: it ended at its token limit */
  check(schema: Record<string, unknown>, content: string, cutOff?: boolean): SchemaCheck;
}

export function createStructuredChecker(): StructuredChecker {
  // strict:false: schemas written for other validators carry keywords ajv does not know (`title` is fine, a vendor's
  // `x-…` too), and refusing a schema over an unknown format would help nobody. `pattern`s run on RE2 (linear time).
  const options = { allErrors: false, strict: false, validateFormats: false, code: { regExp: ajvLinearRegExp } };
  const drafts = { 'draft-07': new Ajv(options), '2019-09': new Ajv2019(options), '2020-12': new Ajv2020(options) };
  const cache = new Map<string, ValidateFunction | SchemaProblem>();

  const compile = (schema: Record<string, unknown>): ValidateFunction | SchemaProblem => {
    const key = JSON.stringify(schema);
    const cached = cache.get(key);
    if (cached) return cached;
    const { ajv, body } = draftOf(drafts, schema);
    let entry: ValidateFunction | SchemaProblem;
    if (!ajv.validateSchema(body)) {
      const first = ajv.errors?.[0];
      entry = { reason: 'not_schema', path: pointer(first?.instancePath ?? ''), message: wordsOf(first) };
    } else {
      try {
        entry = ajv.compile(body);
      } catch (error) {
        // What validateSchema cannot see: a $ref to nothing, an $id used twice.
        entry = { reason: 'not_schema', path: '/', message: error instanceof Error ? error.message : String(error) };
      }
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, entry);
    return entry;
  };

  return {
    schemaProblem(schema) {
      const compiled = compile(schema);
      return typeof compiled === 'function' ? null : compiled;
    },
    check(schema, content, cutOff = false) {
      let value: unknown;
      try {
        value = JSON.parse(answerJsonText(content)) as unknown;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { fits: false, reason: cutOff ? 'cut_off' : 'not_json', message };
      }
      const validate = compile(schema);
      // The schema was checked before the send; one that stopped compiling since cannot judge the answer.
      if (typeof validate !== 'function') return { fits: true };
      if (validate(value)) return { fits: true };
      const first = validate.errors?.[0];
      return {
        fits: false,
        reason: 'mismatch',
        path: pointer(first?.instancePath ?? ''),
        keyword: first?.keyword ?? '',
        message: wordsOf(first),
        ...(first?.params && Object.keys(first.params).length > 0 ? { params: { ...first.params } } : {}),
      };
    },
  };
}

type Drafts = Record<'draft-07' | '2019-09' | '2020-12', AjvCore>;

/**
 * The validator for the draft a schema names in `$schema` (2019-09 and 2020-12 have their own); any other, or none,
 * is checked as draft-07, whose keywords the schemas people write use, and its `$schema` is left out so that an older
 * draft's URI (draft-04, draft-06) does not make ajv refuse a schema it can check.
 */
function draftOf(drafts: Drafts, schema: Record<string, unknown>): { ajv: AjvCore; body: AnySchema } {
  const named = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (named.includes('2020-12')) return { ajv: drafts['2020-12'], body: schema };
  if (named.includes('2019-09')) return { ajv: drafts['2019-09'], body: schema };
  if (!('$schema' in schema)) return { ajv: drafts['draft-07'], body: schema };
  const { $schema: _named, ...body } = schema;
  return { ajv: drafts['draft-07'], body };
}

/** ajv's instance path as it is shown: the JSON pointer, "/" for the whole value. */
function pointer(path: string): string {
  return path === '' ? '/' : path;
}

function wordsOf(error: ErrorObject | undefined): string {
  return error?.message ?? error?.keyword ?? 'invalid';
}
