// Checks a call's arguments against its tool's JSON Schema with ajv and turns
// ajv's errors into one line a small model can act on:
// "arguments.path: must be string". Validators compile lazily and are cached
// per schema text, so MCP tools that come and go cost one compile each.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { ajvLinearRegExp } from './linear-regexp';
import { toolError, type JsonSchema, type ToolDescriptor, type ToolError } from './tool-types';

/** Result of validating one call's arguments. */
export type ArgumentCheck = { ok: true } | { ok: false; error: ToolError };

/** Validates tool arguments; create one per process and keep it. */
export interface ArgumentValidator {
  validate(tool: ToolDescriptor, args: unknown): ArgumentCheck;
}

export function createArgumentValidator(): ArgumentValidator {
  // strict:false: MCP servers ship schemas with keywords and formats ajv does not know;
  // refusing the whole tool over an unknown "format" would help nobody.
  // `pattern` keywords come from MCP servers: matched by RE2 (linear time), never by V8's backtracking engine.
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, code: { regExp: ajvLinearRegExp } });
  const cache = new Map<string, ValidateFunction | Error>();

  const compile = (schema: JsonSchema): ValidateFunction | Error => {
    const key = JSON.stringify(schema);
    let entry = cache.get(key);
    if (!entry) {
      try {
        entry = ajv.compile(stripMetaSchema(schema));
      } catch (error) {
        entry = error instanceof Error ? error : new Error(String(error));
      }
      cache.set(key, entry);
    }
    return entry;
  };

  return {
    validate(tool, args) {
      if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        return { ok: false, error: toolError('invalid_arguments', 'arguments: must be an object') };
      }
      const validator = compile(tool.parameters);
      // A schema ajv cannot compile is the tool author's bug, not the model's: let the
      // tool itself judge the arguments rather than blocking every call.
      if (validator instanceof Error) return { ok: true };
      if (validator(args)) return { ok: true };
      const messages = describeErrors(validator.errors ?? []);
      return {
        ok: false,
        error: toolError('invalid_arguments', messages.join('; '), { tool: tool.name, errors: messages }),
      };
    },
  };
}

// Schemas that name a draft ajv was not built with ($schema 2020-12) would fail to
// compile; the keywords tools actually use are the same across drafts.
function stripMetaSchema(schema: JsonSchema): JsonSchema {
  if (!('$schema' in schema)) return schema;
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

/** ajv errors → "arguments.actions[2].x: must be integer", one per problem, deduplicated. */
export function describeErrors(errors: readonly ErrorObject[]): string[] {
  const lines = errors.map((error) => {
    const where = `arguments${pointerToPath(error.instancePath)}`;
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        return `${where}: missing required property "${String(params.missingProperty)}"`;
      case 'additionalProperties':
        return `${where}: unexpected property "${String(params.additionalProperty)}"`;
      case 'enum':
        return `${where}: must be one of ${JSON.stringify(params.allowedValues)}`;
      default:
        return `${where}: ${error.message ?? error.keyword}`;
    }
  });
  return [...new Set(lines)];
}

function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) =>
      /^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`,
    )
    .join('');
}
