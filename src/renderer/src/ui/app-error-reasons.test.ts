import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_REASONS, USER_ERROR_CODES } from '@shared/errors';
import { catalogs } from '../i18n';
import { errorKey } from './app-error-text';

const en: Record<string, string> = catalogs.en;
const zh: Record<string, string> = catalogs.zh;
const CJK = /[\u3400-\u9fff]/;
const root = join(import.meta.dirname, '../../../..');

/** Every problem with a key: missing in a language, or a Chinese string with no Chinese in it. */
function problemsOf(keys: readonly string[]): string[] {
  const problems: string[] = [];
  for (const key of keys) {
    if (!en[key]?.trim()) problems.push(`en ${key}: missing`);
    if (!zh[key]?.trim()) problems.push(`zh ${key}: missing`);
    else if (!CJK.test(zh[key])) problems.push(`zh ${key} is English only: ${zh[key]}`);
  }
  return problems;
}

/** The non-test TypeScript under a folder of the repository. */
function sources(folder: string): string[] {
  return (readdirSync(join(root, folder), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !/\.(test|spec)\.ts$|\.d\.ts$/.test(file))
    .map((file) => join(root, folder, file));
}

/**
 * The feature tables that word a reason of their own area's failures (the workshop's, the image jobs', the
 * knowledge base's), so a reason found there is worded even without an `error.reason.*` sentence.
 */
const AREA_TABLES = ['workshop.error.', 'images.error.', 'knowledge.failure.', 'knowledge.halt.'];
/** Reasons in the core that are worded by a view of their own, or never reach a person as an error. */
const WORDED_ELSEWHERE: Record<string, string> = {
  context_refused: 'chat.context.refused.* words the refusal, from its token counts',
  server_stopped: 'error.truncated variants (chat.error.serverStopped.*) word it',
  timeout: 'an RPC worker readiness outcome, turned into ready_timeout',
  exited: 'an RPC worker readiness outcome, turned into backend_failed with the worker exit',
  invalid_json: 'a quarantined history record: written to the repair log, not shown',
  invalid_message: 'a quarantined history record: written to the repair log, not shown',
  busy: 'the workshop and image jobs word it (workshop.error.busy, images.error.busy)',
};

describe('the words for every failure the core can produce', () => {
  it('every error code has a sentence in English and in Chinese, with Chinese in it', () => {
    expect(problemsOf(USER_ERROR_CODES.map(errorKey))).toEqual([]);
  });

  it('every reason in ERROR_REASONS has a sentence in English and in Chinese, with Chinese in it', () => {
    expect(ERROR_REASONS.length).toBeGreaterThan(40);
    expect(problemsOf(ERROR_REASONS.map((reason) => `error.reason.${reason}`))).toEqual([]);
  });

  it('every error.reason.* sentence is for a reason in ERROR_REASONS (none is dead)', () => {
    const known = new Set<string>(ERROR_REASONS);
    const dead = Object.keys(en)
      .filter((key) => key.startsWith('error.reason.'))
      .map((key) => key.slice('error.reason.'.length).replace(/\.\d+$/, ''))
      .filter((reason) => !known.has(reason));
    expect(dead).toEqual([]);
  });

  it("every `reason:` the core's failures carry is worded in both languages (grepped from the source)", () => {
    const listed = new Set<string>(ERROR_REASONS);
    const unworded: string[] = [];
    let seen = 0;
    for (const file of [...sources('src/main'), ...sources('src/shared')]) {
      const text = readFileSync(file, 'utf8');
      // A failure's details: the files that build an AppFailure or a stream's ChatError.
      if (!/\bAppFailure\b|\bchatError\(|\bdetails\b/.test(text)) continue;
      for (const match of text.matchAll(/\breason: '([a-z][a-z0-9_]*)'/g)) {
        const reason = match[1]!;
        seen++;
        if (listed.has(reason) || reason in WORDED_ELSEWHERE) continue;
        const keys = AREA_TABLES.map((table) => `${table}${reason}`).filter((key) => key in en);
        if (keys.length === 0 || problemsOf(keys).length > 0)
          unworded.push(`${relative(root, file)}: ${reason} ${problemsOf(keys).join('; ')}`);
      }
    }
    expect(seen).toBeGreaterThan(60);
    expect(unworded).toEqual([]);
  });
});
