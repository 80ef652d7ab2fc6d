import { describe, expect, it } from 'vitest';
import { HISTORY_ERROR_CODES, SAVED_ANSWER_ERROR_CODES, USER_ERROR_CODES } from '@shared/errors';
import type { HistoryErrorCode } from '@shared/history/errors';
import zhCatalog from '@resources/i18n/zh.json';
import { catalogs, createTranslator } from '../i18n';
import { appErrorCause, appErrorText, appErrorTextWithCause, errorKey } from './app-error-text';

const en = createTranslator('en');
const zh = createTranslator('zh');
const catalog = (language: 'en' | 'zh'): Record<string, string> => (language === 'en' ? catalogs.en : zhCatalog);

/**
 * A sentence: a capital (or a quoted path/placeholder) first and a full stop last in English; Chinese text ending in
 * Chinese punctuation.
 */
const isEnglishSentence = (text: string): boolean => /^[A-Z{“"(]/.test(text) && /[.!?]$/.test(text);
const isChineseSentence = (text: string): boolean => /[\u4e00-\u9fff]/.test(text) && /[。！？]$/.test(text);

describe('every error code the core can produce', () => {
  it('has an English and a Chinese sentence saying what to do', () => {
    expect(USER_ERROR_CODES.length).toBeGreaterThan(25);
    // What the history saves on a failed answer, and what its AppErrors carry in details.historyCode.
    expect(USER_ERROR_CODES).toEqual(
      expect.arrayContaining([
        ...SAVED_ANSWER_ERROR_CODES,
        ...HISTORY_ERROR_CODES,
        'request_failed',
        'agent_error',
        'history_write_failed',
      ]),
    );
    const problems: string[] = [];
    for (const code of USER_ERROR_CODES) {
      const key = errorKey(code);
      const english = catalog('en')[key];
      const chinese = catalog('zh')[key];
      if (english === undefined || !isEnglishSentence(english)) problems.push(`en ${key}: ${String(english)}`);
      if (chinese === undefined || !isChineseSentence(chinese)) problems.push(`zh ${key}: ${String(chinese)}`);
      // Two sentences at least: what happened, then what to do (the last one).
      if (
        english !== undefined &&
        english.split(/[.!?](?:\s|$)/).filter(Boolean).length < 2 &&
        !english.includes('; ') &&
        !/Try again\.$/.test(english)
      )
        problems.push(`en ${key} says no next step: ${english}`);
    }
    expect(problems).toEqual([]);
  });

  it("lists every history code the history's AppErrors carry (a code added to HistoryErrorCode fails to compile here)", () => {
    const everyHistoryCode: Record<HistoryErrorCode, true> = {
      history_write_failed: true,
      history_read_only: true,
      history_not_found: true,
      history_unreadable: true,
      history_bad_import: true,
      history_bad_request: true,
    };
    expect([...HISTORY_ERROR_CODES].sort()).toEqual(Object.keys(everyHistoryCode).sort());
  });

  it('and the variants with details are sentences in both languages too', () => {
    const variants = Object.keys(catalog('en')).filter((key) => /^error\.\w+\.\w+$/.test(key));
    expect(variants.length).toBeGreaterThan(4);
    for (const key of variants) {
      expect(isEnglishSentence(catalog('en')[key] ?? ''), key).toBe(true);
      expect(isChineseSentence(catalog('zh')[key] ?? ''), key).toBe(true);
    }
  });
});

describe('appErrorText', () => {
  it("words the model library's failures by their reason, with sizes and paths, not by the code they travel under", () => {
    const full = {
      code: 'bad_request',
      message: 'Not enough disk space…',
      details: { reason: 'disk_full', neededBytes: 4 * 1024 ** 3, freeBytes: 263_040, path: '/m' },
    };
    expect(appErrorText(en, full)).toBe(
      'Not enough disk space: 4.0 GiB needed, 257 KiB free in /m. Free some space or make another folder the first library folder.',
    );
    expect(appErrorText(zh, full)).toContain('磁盘空间不足');
    // A damaged download travels as model_invalid with a path, but it is not an unreadable model.
    const damaged = {
      code: 'model_invalid',
      message: 'does not match',
      details: { reason: 'checksum_mismatch', path: '/m/a.gguf' },
    };
    expect(appErrorText(en, damaged)).toContain("does not match the hub's checksum");
    expect(
      appErrorText(en, { code: 'endpoint_error', message: 'x', details: { reason: 'hub_status', status: 403 } }),
    ).toContain('gated repository');
    expect(
      appErrorText(en, { code: 'endpoint_error', message: 'x', details: { reason: 'hub_status', status: 418 } }),
    ).toContain('HTTP 418');
    // A reason this build has no words for: the code's sentence, as before.
    expect(appErrorText(en, { code: 'endpoint_error', message: 'x', details: { reason: 'new_in_a_later_core' } })).toBe(
      en('error.endpoint_error'),
    );
  });

  it('names the file of a missing model, in the UI language', () => {
    const error = {
      code: 'model_missing',
      message: 'model file not found: /m/q.gguf',
      details: { path: '/m/q.gguf', code: 'ENOENT' },
    };
    expect(appErrorText(en, error)).toBe(
      'The model file /m/q.gguf was not found. Check that its drive is connected, or choose the file again.',
    );
    expect(appErrorText(zh, error)).toContain('找不到模型文件 /m/q.gguf');
    expect(appErrorTextWithCause(en, error)).toBe(appErrorText(en, error));
  });

  it('an answer cut because its local server stopped names the exit, and whether the server comes back', () => {
    const restarting = {
      code: 'truncated',
      message: 'llama-server stopped while answering (killed by SIGKILL); …',
      details: { reason: 'server_stopped', how: 'killed by SIGKILL', restarting: true },
    };
    expect(appErrorTextWithCause(en, restarting)).toBe(
      'The model server stopped while answering (killed by SIGKILL). It is being started again: retry once it is ready.',
    );
    expect(appErrorTextWithCause(zh, restarting)).toContain('正在重新启动');
    const gaveUp = { ...restarting, details: { ...restarting.details, restarting: false, action: 'reload' } };
    expect(appErrorText(en, gaveUp)).toBe(
      'The model server stopped while answering (killed by SIGKILL) and was not started again. Reload the model to go on.',
    );
    // A cut with no stop behind it keeps the plain sentence and the core's words.
    expect(appErrorTextWithCause(en, { code: 'truncated', message: 'the stream ended before [DONE]' })).toBe(
      `${en('error.truncated')} (the stream ended before [DONE])`,
    );
  });

  it('a load that failed because a local RPC worker died names the worker and its exit; any other start failure stays plain', () => {
    const how = 'killed by SIGABRT: /src/ggml/src/ggml-cuda/fattn.cu:759: fatal error';
    const lost = {
      code: 'backend_failed',
      message: `RPC worker 127.0.0.1:43109 stopped while llama-server was loading the model (${how}); see the model log`,
      details: { endpoint: '127.0.0.1:43109', workerExit: how },
    };
    expect(appErrorText(en, lost)).toBe(
      `RPC worker 127.0.0.1:43109 stopped while the model was loading (${how}), and the model server with it. Open the log for its last lines, then load again.`,
    );
    expect(appErrorText(zh, lost)).toContain('127.0.0.1:43109');
    expect(
      appErrorText(en, {
        code: 'backend_failed',
        message: 'llama-server stopped before it was ready (exit code 1)',
        details: { exitCode: 1 },
      }),
    ).toBe(en('error.backend_failed'));
  });

  it('uses the plain sentence when the details lack the numbers, and adds the core sentence as the cause', () => {
    const error = { code: 'endpoint_error', message: 'cannot reach http://x/v1: socket hang up' };
    expect(appErrorText(en, error)).toBe(en('error.endpoint_error'));
    expect(appErrorTextWithCause(zh, error)).toBe(
      `${zh('error.endpoint_error')}（cannot reach http://x/v1: socket hang up）`,
    );
    expect(appErrorText(en, { ...error, details: { status: 401 } })).toContain('HTTP 401');
  });

  it('words a network errno, a missing program and a schema failure in the UI language, with the next step', () => {
    const refused = { code: 'endpoint_error', message: 'cannot reach http://x/v1: connect ECONNREFUSED 127.0.0.1:9' };
    expect(appErrorTextWithCause(zh, refused)).toBe(zh('error.reason.connection_refused'));
    expect(appErrorText(en, { code: 'network', message: 'x', details: { reason: 'host_not_found' } })).toContain(
      'Check the address',
    );
    const missing = { code: 'internal', message: 'could not start "uvx": not found (is it installed and on PATH?)' };
    expect(appErrorText(zh, missing)).toBe('找不到程序“uvx”。请安装它，或在配置中填写它的完整路径，然后重试。');
    const badField = {
      code: 'bad_request',
      message: 'invalid input for settings:update: load.contextSize: Invalid input: expected number, received string',
      details: { reason: 'input_type', field: 'load.contextSize', expected: 'number' },
    };
    expect(appErrorText(en, badField)).toBe(
      'The field “load.contextSize” should be a number. Correct it and try again.',
    );
    expect(appErrorTextWithCause(zh, badField)).toBe('字段“load.contextSize”应为数字。请更正后重试。');
    expect(
      appErrorText(zh, {
        code: 'bad_request',
        message: 'x',
        details: { reason: 'input_unknown_key', field: '', options: 'evil' },
      }),
    ).toBe('EVA 不认识“（整个请求）”中的字段 evil。请删除它后重试。');
  });

  it('words a history failure by its precise code in details.historyCode, not the contract code it travels under', () => {
    const error = {
      code: 'internal',
      message: 'could not write meta.json: ENOSPC',
      details: { historyCode: 'history_write_failed', errno: 'ENOSPC' },
    };
    expect(appErrorText(zh, error)).toBe(zh('error.history_write_failed'));
    expect(appErrorTextWithCause(en, error)).toBe(
      `${en('error.history_write_failed')} (could not write meta.json: ENOSPC)`,
    );
    expect(appErrorText(en, { ...error, details: { historyCode: 'not_a_history_code' } })).toBe(en('error.internal'));
  });

  it('words the failures the history saves on an answer: a request that threw, an agent run that ended in error', () => {
    expect(appErrorTextWithCause(zh, { code: 'request_failed', message: 'socket hang up' })).toBe(
      `${zh('error.request_failed')}（socket hang up）`,
    );
    expect(appErrorText(en, { code: 'agent_error', message: 'the agent run failed' })).toBe(en('error.agent_error'));
  });

  it("gives the core's sentence for a tooltip only when it says more than the text shown", () => {
    expect(appErrorCause(zh, { code: 'ready_timeout', message: 'not ready after 120 s' })).toBe(
      'not ready after 120 s',
    );
    expect(appErrorCause(zh, { code: 'from_a_newer_core', message: 'Something new.' })).toBeNull();
    expect(appErrorCause(en, { code: 'internal', message: '  ' })).toBeNull();
  });

  it("keeps the core's sentence for a code this build does not know", () => {
    expect(appErrorText(zh, { code: 'from_a_newer_core', message: 'Something new.' })).toBe('Something new.');
    expect(appErrorTextWithCause(zh, { code: 'from_a_newer_core', message: 'Something new.' })).toBe('Something new.');
  });
});
