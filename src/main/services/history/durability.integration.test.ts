// Durability under SIGKILL: a real child process streams answers through the
// real store and is killed at random moments, 50 times, into the same history
// folder (so each child also starts on what the previous one left). After each
// kill every acknowledged write must read back, and an answer cut off
// mid-stream must be there, marked interrupted, with at least what was acked.
import { seededRandom } from '@test-support/seeded-random';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '@shared/history/types';
import { answerText, parseAck, questionText, type Ack } from '@test-support/history/stream-script';
import { storeOn, tempDir } from '@test-support/history/helpers';
import { REPO_ROOT as ROOT, STREAM_CHILD } from '@test-support/child-scripts';
import { useBundledChild } from '@test-support/bundled-child';

const TRIALS = 50;

/** The child, bundled once: 50 starts under tsx would spend most of the test compiling it. */
const childScript = useBundledChild(STREAM_CHILD);

/** Runs the child until `killAfterMs` after it is ready, SIGKILLs it, returns its acks. */
async function runAndKill(dir: string, seed: number, killAfterMs: number): Promise<Ack[]> {
  const child = spawn(process.execPath, [childScript(), dir, String(seed)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acks: Ack[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((done) =>
    child.on('exit', (code, signal) => done(signal ?? code)),
  );
  let timer: NodeJS.Timeout | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === 'ready') timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const ack = parseAck(line);
    if (ack) acks.push(ack);
  }
  clearTimeout(timer);
  const how = await exited;
  if (how !== 'SIGKILL') throw new Error(`child ended with ${String(how)} instead of being killed:\n${stderr}`);
  return acks;
}

describe('history durability', () => {
  it(`keeps every acknowledged write through ${TRIALS} SIGKILLs at random moments`, { timeout: 180_000 }, async () => {
    const dir = await tempDir();
    const seed = Date.now() % 1_000_000;
    const rand = seededRandom(seed);
    let interruptedSeen = 0;
    let interruptedWithText = 0;
    let messagesChecked = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const delay = Math.floor(rand() * 200);
      const acks = await runAndKill(dir, trial, delay);
      const context = `seed ${seed}, trial ${trial}, kill after ${delay} ms`;
      const { store } = storeOn(dir);
      const listed = new Set((await store.list()).map((s) => s.id));
      const byConversation = new Map<string, Ack[]>();
      for (const ack of acks)
        byConversation.set(ack.conversationId, [...(byConversation.get(ack.conversationId) ?? []), ack]);
      for (const [conversationId, conversationAcks] of byConversation) {
        expect(listed.has(conversationId), `${context}: conversation ${conversationId} listed`).toBe(true);
        const opened = await store.open(conversationId);
        const byId = new Map<string, StoredMessage>(opened.messages.map((m) => [m.id, m]));
        const n = conversationAcks[0]?.n ?? 0;
        for (const ack of conversationAcks.filter((a) => a.kind === 'P')) {
          const message = byId.get(ack.messageId);
          expect(message, `${context}: ${ack.messageId} acked as ${ack.status}`).toBeDefined();
          const content = String(message?.content);
          messagesChecked++;
          if (ack.messageId.startsWith('q')) {
            expect(content, context).toBe(questionText(trial, n));
            continue;
          }
          // Later saves may have landed after the last ack, never fewer tokens than acked.
          expect(answerText(trial, n).startsWith(content), `${context}: answer is a prefix of the stream`).toBe(true);
          expect(content.length, context).toBeGreaterThanOrEqual(ack.length);
          if (ack.status === 'complete') expect(message?.status, context).toBe('complete');
        }
        const answer = byId.get(`a${n}`);
        if (answer && answer.status !== 'complete') {
          expect(answer.status, `${context}: a cut-off answer reads back as interrupted`).toBe('interrupted');
          interruptedSeen++;
          if (String(answer.content).length > 0) interruptedWithText++;
        }
      }
      await store.close();
    }
    // The random kills must actually have hit streams in flight, or the test proved little.
    expect(interruptedSeen).toBeGreaterThan(5);
    // ...and some of them after partial saves of their tokens, not just the empty start.
    expect(interruptedWithText).toBeGreaterThan(3);
    expect(messagesChecked).toBeGreaterThan(TRIALS);
  });
});
