// `eva chat --overflow compact` and `/compact` in a real pseudo-terminal, against
// the tiny llama-server behind the grammar proxy (which forces its words and
// records every request): the model summarises the older exchanges, and the
// next question goes out with the summary in place of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SUMMARY_HEADING, SUMMARY_INSTRUCTION } from '@shared/chat/summary-prompt';
import { CLI_TEST_TIMEOUT_MS, inTerminal, own, useAnsweringServer } from '@test-support/cli/eva-process';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { createTestCore } from '@test-support/test-core';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS });

const answeringServer = useAnsweringServer();
const REPLY = 'Noted: tram at nine.';

/** A data dir whose link "proxy" reaches the tiny model behind the grammar proxy. */
async function proxiedDataDir(): Promise<{ dataDir: string; proxy: GrammarProxy }> {
  const server = await answeringServer();
  const proxy = await startGrammarProxy(server.port, [REPLY]);
  const dataDir = own();
  const core = await createTestCore(dataDir);
  await core.handlers['link:save']({
    profile: { name: 'proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
  });
  await core.dispose();
  return { dataDir, proxy };
}

type Body = { messages: Array<{ role: string; content: string }> };
const summaryRequests = (proxy: GrammarProxy) =>
  (proxy.received as Body[]).filter((body) => body.messages[0]?.content === SUMMARY_INSTRUCTION);
const lastAnswerRequest = (proxy: GrammarProxy) =>
  (proxy.received as Body[]).filter((body) => body.messages[0]?.content !== SUMMARY_INSTRUCTION).at(-1);

/** The checkpoints the conversation's folder keeps. */
function checkpointsIn(dataDir: string): unknown[] {
  const history = join(dataDir, 'history');
  return readdirSync(history, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      try {
        return JSON.parse(readFileSync(join(history, entry.name, 'checkpoints.json'), 'utf8')).checkpoints;
      } catch {
        // A conversation that was never summarised has no such file.
        return [];
      }
    });
}

describe('eva chat compaction', () => {
  it('/compact has the model summarise the older exchanges; the next question is sent with the summary', async () => {
    const { dataDir, proxy } = await proxiedDataDir();
    const { until, type, exited } = inTerminal(['chat', '--link', 'proxy', '--max-tokens', '8'], dataDir);
    await until('› ');
    const questions = ['ALPHA the tram leaves at nine', 'BRAVO the budget is 1200 EUR', 'CHARLIE museums open at ten'];
    for (const [index, question] of questions.entries()) {
      type(`${question}\r`);
      await until('› ', index + 2);
    }
    type('/compact\r');
    await until('summarised 2 messages');
    await until('› ', 5);
    expect(summaryRequests(proxy)).toHaveLength(1);
    expect(summaryRequests(proxy)[0]?.messages[1]?.content).toContain('ALPHA');
    type('DELTA and the ferry?\r');
    await until('› ', 6);
    type('\x04');
    expect(await exited).toBe(0);
    const asked = lastAnswerRequest(proxy);
    expect(asked?.messages[0]?.content).toContain(`${SUMMARY_HEADING}\n${REPLY}`);
    expect(JSON.stringify(asked?.messages)).not.toContain('ALPHA');
    expect(JSON.stringify(asked?.messages)).toContain('BRAVO');
    expect(checkpointsIn(dataDir)).toEqual([expect.objectContaining({ summary: REPLY, count: 2 })]);
    await proxy.close();
  });

  it('--overflow compact summarises by itself once the conversation would not fit', async () => {
    const { dataDir, proxy } = await proxiedDataDir();
    const { until, type, exited } = inTerminal(
      ['chat', '--link', 'proxy', '--max-tokens', '8', '--overflow', 'compact'],
      dataDir,
    );
    await until('› ');
    // About 400 tokens each: the 2,048-token context is full after five.
    const filler = 'The tram to Belem leaves at nine and the budget is twelve hundred euros. '.repeat(20);
    for (let turn = 1; turn <= 7; turn++) {
      type(`TURN${turn} ${filler}\r`);
      await until('› ', turn + 1);
    }
    type('\x04');
    expect(await exited).toBe(0);
    expect(summaryRequests(proxy).length).toBeGreaterThan(0);
    const asked = lastAnswerRequest(proxy);
    expect(asked?.messages[0]?.content).toContain(SUMMARY_HEADING);
    expect(JSON.stringify(asked?.messages)).not.toContain('TURN1 ');
    expect(JSON.stringify(asked?.messages)).toContain('TURN7 ');
    expect(checkpointsIn(dataDir).length).toBeGreaterThan(0);
    await proxy.close();
  });
});
