// Nothing the user typed is lost: a child running the real core receives a
// recorded question for a server that never answers (so the usual save, which
// waits for the first words or SAVE_DELAY_MS, has not run) and is SIGKILLed
// 0–250 ms after the core accepted it. Each child starts on what the previous
// one left (and may itself be killed while putting those questions back); at
// the end a new history service shows every conversation with its question.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT as ROOT, SEND_CHILD } from '@test-support/child-scripts';
import { useBundledChild } from '@test-support/bundled-child';
import { seededRandom } from '@test-support/seeded-random';
import { SAVE_DELAY_MS } from './chat-recorder';
import { openHistory } from './history-module';

/** No conversation cache here: nothing to save on leaving or to forget on deleting. */
const NO_CONVERSATION_CACHE = { leave: async () => {}, forget: async () => {}, forgetAll: async () => {} };

const TRIALS = 10;

/** The child, bundled once: under tsx each start would compile the whole core again. */
const childScript = useBundledChild(SEND_CHILD);

const questionText = (trial: number): string => `question ${trial}: do not lose me`;

/**
 * Starts a child, SIGKILLs it `killAfterMs` after it accepted the question; true when the kill came before the usual
 * save wrote the conversation.
 */
async function sendAndKill(dataDir: string, baseUrl: string, trial: number, killAfterMs: number): Promise<boolean> {
  const child = spawn(process.execPath, [childScript(), dataDir, baseUrl, String(trial), questionText(trial)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((done) =>
    child.on('exit', (code, signal) => done(signal ?? code)),
  );
  let timer: NodeJS.Timeout | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === 'accepted') timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  }
  clearTimeout(timer);
  const how = await exited;
  if (how !== 'SIGKILL') throw new Error(`child ended with ${String(how)} instead of being killed:\n${stderr}`);
  return !existsSync(join(dataDir, 'history', `crash-${trial}`, 'messages.jsonl'));
}

describe('a question survives a crash right after Send', () => {
  it(
    `${TRIALS} SIGKILLs 0–${SAVE_DELAY_MS} ms after the core accepted a question: every question is in the history at the next start`,
    { timeout: 240_000 },
    async () => {
      const silent = createServer(() => undefined);
      await new Promise<void>((done) => silent.listen(0, '127.0.0.1', () => done()));
      const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
      const dataDir = await mkdtemp(join(tmpdir(), 'eva-question-crash-'));
      const seed = Date.now() % 1_000_000;
      const random = seededRandom(seed);
      const delays: number[] = [];
      let beforeSave = 0;
      try {
        for (let trial = 0; trial < TRIALS; trial++) {
          const delay = Math.floor(random() * (SAVE_DELAY_MS + 1));
          delays.push(delay);
          if (await sendAndKill(dataDir, baseUrl, trial, delay)) beforeSave++;
        }
      } finally {
        silent.closeAllConnections();
        await new Promise((done) => silent.close(done));
      }
      const context = `seed ${seed}, kills after ${delays.join(', ')} ms`;
      // The kills must have come before the usual save, or this proved nothing about the inbox.
      expect(beforeSave, context).toBeGreaterThanOrEqual(3);

      const history = openHistory({
        historyDir: join(dataDir, 'history'),
        emit: () => undefined,
        slots: NO_CONVERSATION_CACHE,
      });
      const { conversations } = await history.list();
      const asked = Array.from({ length: TRIALS }, (_, trial) => `crash-${trial}`);
      expect(conversations.map((c) => c.id).sort(), context).toEqual([...asked].sort());
      for (const [trial, id] of asked.entries()) {
        const opened = await history.open(id);
        expect(opened.meta.systemPrompt, `${context}: ${id}`).toBe('kept');
        expect(
          opened.messages.filter((m) => m.role === 'user').map((m) => [m.id, m.content]),
          `${context}: ${id}`,
        ).toEqual([[`q${trial}`, questionText(trial)]]);
      }
      await history.dispose();
    },
  );
});
