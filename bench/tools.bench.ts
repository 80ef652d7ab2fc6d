// tools.roundtrip_ms: from the model's finished <tool_call> text to the
// tool_response turn ready to send back (parse → validate → gate → run in the
// worker → format), auto-approved, median of 50 calls each of calculator and
// read_file on a warm worker; plus the same with a new worker per call.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';
import { parseToolCall } from '@shared/tools/agent/parse-tool-call';
import { gateToolCall } from '@shared/tools/agent/tool-call-gate';
import { toolResponseMessage } from '@shared/tools/agent/tool-response';
import { createArgumentValidator } from '@shared/tools/validate-arguments';
import { makeTestRunner } from '@test-support/tools/test-runner';
import type { ToolRunner } from '@main/services/tools/tool-runner';
import type { Benchmark } from './types';
import { median, round } from './stats';

const CALLS = 50;
const SPAWN_CALLS = 5;

// Built once, as the app does: compiling the schemas is not part of a call.
const tools = builtinToolDescriptors();
const validator = createArgumentValidator();

async function roundtrip(runner: ToolRunner, text: string, workspaceDir: string): Promise<number> {
  const started = performance.now();
  const parsed = parseToolCall(text);
  if (parsed.kind !== 'call') throw new Error('bench call did not parse');
  const verdict = gateToolCall({
    call: parsed.call,
    tools,
    validator,
    policy: { policies: { [parsed.call.name]: 'allow' } },
    conversationAllowed: [],
  });
  if (verdict.kind !== 'run') throw new Error(`bench call not runnable: ${verdict.kind}`);
  const result = await runner.run({ tool: verdict.call.name, args: verdict.call.arguments, workspaceDir });
  if (result.status !== 'ok') throw new Error(`bench tool failed: ${result.error?.message}`);
  toolResponseMessage({ name: verdict.call.name, status: result.status, output: result.output });
  return performance.now() - started;
}

const calls = {
  calculator: '<tool_call>{"name":"calculator","arguments":{"expression":"sqrt(2)^2 * 21"}}</tool_call>',
  read_file: '<tool_call>{"name":"read_file","arguments":{"path":"notes.txt"}}</tool_call>',
};

export const toolBenchmarks: Benchmark[] = [
  {
    names: ['tools.roundtrip_ms'],
    async run() {
      const workspaceDir = await mkdtemp(join(tmpdir(), 'eva-bench-tools-'));
      await writeFile(join(workspaceDir, 'notes.txt'), 'line\n'.repeat(200));
      const warm = makeTestRunner();
      const spawnEach = makeTestRunner(undefined, { reuseWorkers: false });
      const results = [];
      try {
        for (const [tool, text] of Object.entries(calls)) {
          await roundtrip(warm, text, workspaceDir);
          const reuse: number[] = [];
          for (let i = 0; i < CALLS; i++) reuse.push(await roundtrip(warm, text, workspaceDir));
          const spawn: number[] = [];
          for (let i = 0; i < SPAWN_CALLS; i++) spawn.push(await roundtrip(spawnEach, text, workspaceDir));
          results.push({
            bench: 'tools.roundtrip_ms',
            tool,
            value: round(median(reuse), 2),
            unit: 'ms',
            goal: 'lower is better (warm worker)',
            calls: CALLS,
            spawn_per_call_median_ms: round(median(spawn), 1),
            spawn_calls: SPAWN_CALLS,
            note: 'workers run TypeScript through tsx here; the built app runs bundled JS',
          });
        }
      } finally {
        await warm.dispose();
        await spawnEach.dispose();
      }
      return results;
    },
  },
];
