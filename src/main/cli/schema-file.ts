// `eva ask --schema file.json`: the schema file read and checked before anything is asked (ajv runs here, in the
// terminal's own process), and what a finished answer's check says, in one line each.
import { readFile } from 'node:fs/promises';
import type { StructuredChecker } from '@shared/chat/structured-check';
import { readSchemaText, type SchemaCheck, type StructuredOutput } from '@shared/chat/structured-output';

export type SchemaFile = { ok: true; output: StructuredOutput } | { ok: false; message: string };

export async function readSchemaFile(path: string, checker: StructuredChecker): Promise<SchemaFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : String(error);
    return { ok: false, message: `cannot read the schema file ${path}: ${why}` };
  }
  const reading = readSchemaText(text);
  if (!reading.ok) {
    const { problem } = reading;
    switch (problem.reason) {
      case 'not_json':
        return { ok: false, message: `the schema file ${path} is not JSON: ${problem.message}` };
      case 'not_object':
        return { ok: false, message: `the schema file ${path} holds no JSON schema: a schema is a JSON object` };
      case 'too_large':
        return { ok: false, message: `the schema in ${path} is too long: at most ${problem.limit} characters` };
      case 'not_schema':
        return { ok: false, message: `the schema file ${path} is not a valid JSON schema` };
    }
  }
  const problem = checker.schemaProblem(reading.output.schema);
  if (problem?.reason === 'not_schema')
    return {
      ok: false,
      message: `the schema file ${path} is not a valid JSON schema: at ${problem.path}: ${problem.message}`,
    };
  return { ok: true, output: reading.output };
}

/** Why a finished answer does not fit its schema, in one line; null when it fits. */
export function misfitText(check: SchemaCheck): string | null {
  if (check.fits) return null;
  switch (check.reason) {
    case 'not_json':
      return `the answer is not JSON: ${check.message}`;
    case 'cut_off':
      return 'the answer reached its length limit before its JSON was complete: raise --max-tokens';
    case 'mismatch':
      return `the answer does not fit the schema: at ${check.path}: ${check.message}`;
  }
}
