import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelFacts } from '@shared/contract';
import { exitParts, readStartFailure, startFailureValues } from '@shared/backend/start-failure';
import { ERROR_REASONS, USER_ERROR_CODES, type AppError } from '@shared/errors';
import {
  failureWithRestore,
  gpuProbeNotice,
  restoredNotice,
  startFailureOf,
  statusNoticeOf,
} from '@main/services/backend/load-messages';
import { startErrorWithWorker, workerLossNotice } from '@main/services/backend/rpc/rpc-worker-loss';
import type { LostWorker } from '@main/services/backend/rpc/rpc-worker-set';
import { describeExit, type ExitInfo } from '@main/services/process/exit-record';
import { coreNoticeText } from '../features/notices/notice-text';
import { statusNoticeText } from '../features/status/status-notice-text';
import zhCatalog from '@resources/i18n/zh.json';
import { catalogs, createTranslator } from '../i18n';
import { appErrorText, errorKey } from './app-error-text';
import { startFailureText } from './start-failure-text';

const en: Record<string, string> = catalogs.en;
const zh: Record<string, string> = zhCatalog;
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

/**
 * Latin words left in a Chinese sentence once the outside program's own words (each quoted as they are) and the names
 * that stay as they are (llama-server, GPU, CPU, a signal, a file or model name) are taken out: English of ours.
 */
function englishOfOurs(text: string, outside: readonly string[], names: readonly string[]): string[] {
  let rest = text;
  for (const words of outside) {
    if (!rest.includes(`“${words}”`)) return [`the outside words are not quoted as they are: ${words}`];
    rest = rest.replace(`“${words}”`, '“”');
  }
  for (const name of names) rest = rest.split(name).join(' ');
  rest = rest.replace(/llama-server|\bGPU\b|\bCPU\b|\bSIG[A-Z]+\b/g, ' ');
  return rest.match(/[A-Za-z]{2,}(?:[\s'-]+[A-Za-z]{2,})*/g) ?? [];
}

const CUT_MODEL_LINES = [
  '0.00.017.792 E llama_model_load_from_file_impl: failed to load model',
  "0.00.021.415 E llama_model_load: error loading model: tensor 'blk.1.ffn_down.weight' data is not within the file bounds, model is corrupted or incomplete",
  '0.00.021.744 E srv  llama_server: exiting due to model loading error',
];
const LLAMA_REASON =
  "tensor 'blk.1.ffn_down.weight' data is not within the file bounds, model is corrupted or incomplete";
const restored = { name: 'tiny-llama-test', path: '/m/tiny.gguf' } as ModelFacts;
const exited = (code: number | null, signal: NodeJS.Signals | null = null): ExitInfo => ({
  code,
  signal,
  spawnError: null,
});

/** Failed loads after which the model loaded before runs again, as the core words them, and llama-server's words. */
const RESTORED_CASES: { name: string; error: AppError; lines: string[]; exit: ExitInfo | null; outside: string[] }[] = [
  {
    name: "a model llama.cpp could not load (its reason, and llama-server's exit code)",
    error: {
      code: 'backend_failed',
      message: 'llama_model_load_from_file_impl: failed to load model',
      details: { serverSaid: 'llama_model_load_from_file_impl: failed to load model' },
    },
    lines: CUT_MODEL_LINES,
    exit: exited(1),
    outside: [LLAMA_REASON],
  },
  {
    name: 'llama-server stopped before it was ready',
    error: { code: 'backend_failed', message: 'llama-server stopped before it was ready (exit code 1)' },
    lines: [],
    exit: exited(1),
    outside: [],
  },
  {
    name: 'a fatal line, then a signal',
    error: {
      code: 'backend_failed',
      message: 'ggml.c:1234: GGML_ASSERT(ok) failed',
      details: { serverSaid: 'ggml.c:1234: GGML_ASSERT(ok) failed' },
    },
    lines: [],
    exit: exited(null, 'SIGABRT'),
    outside: ['ggml.c:1234: GGML_ASSERT(ok) failed'],
  },
  {
    name: 'not ready in time',
    error: { code: 'ready_timeout', message: 'llama-server did not become ready within 60 s' },
    lines: [],
    exit: exited(null, 'SIGTERM'),
    outside: [],
  },
  {
    name: 'a port that was taken',
    error: { code: 'port_invalid', message: 'port 8080 is taken', details: { port: 8080 } },
    lines: [],
    exit: null,
    outside: [],
  },
];

describe('no English of ours inside a Chinese sentence', () => {
  const zh = createTranslator('zh');
  const en = createTranslator('en');

  it.each(RESTORED_CASES)('the restored-model notice and the load error: $name', ({ error, lines, exit, outside }) => {
    const failure = failureWithRestore(error, '/m/cut.gguf', { lines, exit }, restored);
    const notice = restoredNotice(failure);
    const parts = readStartFailure(failure.details);
    expect(parts).not.toBeNull();
    const names = ['cut.gguf', restored.name];
    for (const text of [statusNoticeText(zh, notice), startFailureText(zh, parts!)]) {
      expect(CJK.test(text), text).toBe(true);
      expect(englishOfOurs(text, outside, names), text).toEqual([]);
    }
    // The English page says the same, with llama-server's words as they are.
    const english = statusNoticeText(en, notice);
    expect(CJK.test(english)).toBe(false);
    for (const words of outside) expect(english).toContain(`“${words}”`);
  });

  it("the GPU probe's failure: the probe's own words quoted, the rest in Chinese", () => {
    const said = 'Failed to initialize NVML: Driver/library version mismatch';
    const notice = gpuProbeNotice(said);
    for (const text of [statusNoticeText(zh, notice), zh('about.gpuProbeFailed', { cause: said })]) {
      expect(CJK.test(text), text).toBe(true);
      expect(englishOfOurs(text, [said], []), text).toEqual([]);
    }
  });

  const lost = (exit: ExitInfo, said?: string): LostWorker => ({
    endpoint: '127.0.0.1:50052',
    how: describeExit(exit),
    exit: exitParts(exit),
    ...(said ? { said } : {}),
  });
  const WORKER_SAID = 'ggml-cuda/fattn.cu:759: fatal error';
  const NAMES = ['127.0.0.1:50052', 'RPC'];

  it.each([
    { name: 'an exit code', exit: exited(1) },
    { name: 'a signal', exit: exited(null, 'SIGKILL') },
  ])('an answer cut because the server stopped ($name), restarting or not, or with an RPC worker lost', ({ exit }) => {
    // The details chat-service.ts gives a cut answer from the server's stop record.
    const stop = { how: describeExit(exit), exit: exitParts(exit) };
    for (const restarting of [true, false])
      for (const worker of [undefined, '127.0.0.1:50052']) {
        const details = {
          reason: 'server_stopped',
          how: stop.how,
          ...stop.exit,
          ...(worker ? { worker } : {}),
          restarting,
        };
        const text = appErrorText(zh, { code: 'truncated', message: 'cut', details });
        expect(CJK.test(text), text).toBe(true);
        expect(englishOfOurs(text, [], NAMES), text).toEqual([]);
      }
  });

  it("a lost RPC worker: its exit in Chinese, its own last words quoted, in the notice, the status and a load's error", () => {
    const worker = lost(exited(null, 'SIGABRT'), WORKER_SAID);
    // As backend-runs.ts sends them.
    const details = { endpoint: worker.endpoint, how: worker.how, workers: 2, ...worker.exit };
    const notice = { code: 'rpc_worker_lost', message: workerLossNotice(worker, 2), details };
    const status = { code: 'rpc_worker_lost' as const, vars: { ...details, said: WORKER_SAID }, text: notice.message };
    const loadError = startErrorWithWorker({ code: 'backend_failed', message: 'llama-server stopped' }, worker);
    for (const [text, outside] of [
      [coreNoticeText(zh, notice), []],
      [statusNoticeText(zh, status), [WORKER_SAID]],
      [appErrorText(zh, loadError), [WORKER_SAID]],
    ] as const) {
      expect(CJK.test(text), text).toBe(true);
      expect(englishOfOurs(text, outside, NAMES), text).toEqual([]);
    }
  });

  it("a backend that failed to start, and the next one tried: the reason in Chinese, llama-server's words quoted", () => {
    const error: AppError = {
      code: 'backend_failed',
      message: 'llama-server stopped before it was ready (exit code 1)',
      details: { exitCode: 1, signal: null, spawnError: null },
    };
    // As fit/failed-start-step.ts sends it.
    const details = {
      from: 'cuda',
      to: 'cpu',
      cause: error.message,
      ...startFailureValues(startFailureOf(error, { lines: CUT_MODEL_LINES, exit: exited(1) })),
    };
    const notice = { level: 'warning' as const, code: 'backend_fallback', message: 'fell back', details };
    for (const text of [coreNoticeText(zh, notice), statusNoticeText(zh, statusNoticeOf(notice))]) {
      expect(CJK.test(text), text).toBe(true);
      expect(englishOfOurs(text, [LLAMA_REASON], ['CUDA']), text).toEqual([]);
    }
  });
});
