import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStructuredChecker } from '@shared/chat/structured-check';
import { misfitText, readSchemaFile } from './schema-file';

const checker = createStructuredChecker();

async function file(name: string, text: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'eva-schema-')), name);
  await writeFile(path, text);
  return path;
}

describe('eva ask --schema: the file', () => {
  it('holds a schema (or the request wrapper around one)', async () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    expect(await readSchemaFile(await file('n.json', JSON.stringify(schema)), checker)).toEqual({
      ok: true,
      output: { schema },
    });
    const wrapped = await file('w.json', JSON.stringify({ name: 'count', schema, strict: true }));
    expect(await readSchemaFile(wrapped, checker)).toEqual({ ok: true, output: { schema, name: 'count' } });
  });

  it('is missing, a folder, no JSON, no object, or no schema: one line that says which', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-schema-'));
    await mkdir(join(dir, 'folder.json'));
    const says = async (path: string) => {
      const read = await readSchemaFile(path, checker);
      return read.ok ? null : read.message;
    };
    expect(await says(join(dir, 'gone.json'))).toBe(
      `cannot read the schema file ${join(dir, 'gone.json')}: no such file`,
    );
    expect(await says(join(dir, 'folder.json'))).toMatch(/: it is a folder$/);
    expect(await says(await file('a.json', '{"type": '))).toMatch(/^the schema file .*a\.json is not JSON: /);
    expect(await says(await file('b.json', '[1]'))).toMatch(/b\.json holds no JSON schema: a schema is a JSON object$/);
    expect(await says(await file('c.json', '{"type": "text"}'))).toMatch(
      /c\.json is not a valid JSON schema: at \/type: must be equal to one of the allowed values$/,
    );
  });
});

describe('eva ask --schema: the answer', () => {
  it('says in one line why it does not fit, or nothing when it does', () => {
    expect(misfitText({ fits: true })).toBeNull();
    expect(
      misfitText({ fits: false, reason: 'mismatch', path: '/n', keyword: 'type', message: 'must be integer' }),
    ).toBe('the answer does not fit the schema: at /n: must be integer');
    expect(misfitText({ fits: false, reason: 'cut_off', message: 'Unterminated string' })).toMatch(/--max-tokens$/);
  });
});
