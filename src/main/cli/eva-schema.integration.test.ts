// `eva ask --schema file.json` as a user runs it (@test-support/cli/eva-process), with the real llama-server and the
// tiny model: a file that cannot be used is said before anything is asked (exit 2); an answer that fits goes to
// stdout as its JSON alone, and the conversation keeps the schema; one that does not fit, and a schema the server
// refuses, are said on stderr with exit 1.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, eva, own } from '@test-support/cli/eva-process';
import { testAssets } from '@test-support/test-assets';
import { createTestCore } from '@test-support/test-core';
import { PERSON_SCHEMA } from '@test-support/llama/answer-schemas';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS });

async function schemaFile(dataDir: string, name: string, content: unknown): Promise<string> {
  const path = join(dataDir, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

describe('eva ask --schema', () => {
  it('a file that is missing, no JSON, or no schema: one line on stderr, exit 2, nothing asked', async () => {
    const dataDir = own();
    const missing = await eva(['ask', '--schema', join(dataDir, 'gone.json'), 'Who?'], dataDir);
    expect(missing.code).toBe(2);
    expect(lastLine(missing.stderr)).toBe(
      `eva: cannot read the schema file ${join(dataDir, 'gone.json')}: no such file`,
    );
    expect(missing.stdout).toBe('');
    const notJson = await eva(['ask', '--schema', await schemaFile(dataDir, 'a.json', '{"type":'), 'Who?'], dataDir);
    expect(notJson.code).toBe(2);
    expect(lastLine(notJson.stderr)).toMatch(/^eva: the schema file .*a\.json is not JSON: /);
    const notSchema = await eva(
      ['ask', '--schema', await schemaFile(dataDir, 'b.json', { type: 'text' }), 'Who?'],
      dataDir,
    );
    expect(notSchema.code).toBe(2);
    expect(lastLine(notSchema.stderr)).toMatch(/b\.json is not a valid JSON schema: at \/type: /);
    // Nothing was asked: no conversation was saved.
    expect((await eva(['history', 'list', '--json'], dataDir)).stdout.trim()).toBe('');
  });

  it('prints the answer as its JSON alone, which parses and fits; the conversation keeps the schema', async () => {
    const dataDir = own();
    const path = await schemaFile(dataDir, 'person.json', PERSON_SCHEMA);
    const ran = await eva(
      ['ask', '--model', testAssets.tinyModel, '--max-tokens', '400', '--schema', path, 'Describe someone'],
      dataDir,
    );
    expect(ran.code, ran.stderr).toBe(0);
    const value = JSON.parse(ran.stdout) as unknown;
    expect(new Ajv({ strict: false }).compile(PERSON_SCHEMA)(value), ran.stdout).toBe(true);
    expect(ran.stderr).not.toContain('{');

    // --json: the stream's events, and the check in the last one.
    const json = await eva(
      ['ask', '--model', testAssets.tinyModel, '--json', '--max-tokens', '400', '--schema', path, 'Someone else'],
      dataDir,
    );
    expect(json.code).toBe(0);
    const events = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; text?: string; schemaCheck?: unknown });
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'done', schemaCheck: { fits: true } });
    const streamed = events.flatMap((event) => (event.type === 'content' ? [event.text ?? ''] : [])).join('');
    expect(new Ajv({ strict: false }).compile(PERSON_SCHEMA)(JSON.parse(streamed))).toBe(true);

    const core = await createTestCore(dataDir);
    try {
      const { conversations } = await core.handlers['history:list'](undefined);
      expect(conversations).toHaveLength(2);
      for (const { id } of conversations) {
        const opened = await core.handlers['history:open']({ id });
        expect(opened.meta.structuredOutput).toEqual({ schema: PERSON_SCHEMA });
        expect(opened.messages.find((message) => message.role === 'assistant')?.schemaCheck).toEqual({ fits: true });
      }
    } finally {
      await core.dispose();
    }
  });

  it('an answer that does not fit, one cut off, and a schema the server refuses: said on stderr, exit 1', async () => {
    const dataDir = own();
    // The grammar keeps to 0–9 (llama-server does not turn `not` into grammar); ajv then finds every digit wrong.
    const impossible = await schemaFile(dataDir, 'digit.json', {
      type: 'integer',
      minimum: 0,
      maximum: 9,
      not: { minimum: 0 },
    });
    const misfit = await eva(
      ['ask', '--model', testAssets.tinyModel, '--max-tokens', '50', '--schema', impossible, 'A digit'],
      dataDir,
    );
    expect(misfit.code).toBe(1);
    expect(misfit.stdout).toBe('');
    expect(lastLine(misfit.stderr)).toMatch(
      /^eva: the answer does not fit the schema: at \/: must NOT be valid \(kept in the history: eva history show \S+\)$/,
    );

    const person = await schemaFile(dataDir, 'person.json', PERSON_SCHEMA);
    const cut = await eva(
      ['ask', '--model', testAssets.tinyModel, '--max-tokens', '3', '--schema', person, 'Describe someone'],
      dataDir,
    );
    expect(cut.code).toBe(1);
    expect(lastLine(cut.stderr)).toMatch(/^eva: the answer reached its length limit .*raise --max-tokens/);

    const anchored = await schemaFile(dataDir, 'anchored.json', {
      definitions: { a: { $id: '#foo', type: 'string' } },
      $ref: '#foo',
    });
    const refused = await eva(['ask', '--model', testAssets.tinyModel, '--schema', anchored, 'Anything'], dataDir);
    expect(refused.code).toBe(1);
    expect(lastLine(refused.stderr)).toMatch(/^eva: the server cannot answer in this JSON schema: .*#foo/);
  });
});
