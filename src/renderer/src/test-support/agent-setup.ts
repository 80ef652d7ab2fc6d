// The agent store (features/agent/agent-store.ts) over the memory platform's scripted fake agent: scripts, requests,
// and a wait for the fake run to get somewhere.
import { createMemoryPlatform, type MemoryPlatformOptions } from '@renderer/platform/memory-platform';
import type { FakeAgentAction } from '@renderer/platform/fake-tools';
import { createAgentStore, type AgentRunRequest } from '@renderer/features/agent/agent-store';

/** A command the agent asks to run: its card waits for an answer. */
export const shellCall: Extract<FakeAgentAction, { kind: 'ask' }> = {
  kind: 'ask',
  tool: 'execute_command',
  args: { command: 'ls -la' },
  preview: { kind: 'command', text: 'ls -la' },
  result: { output: 'total 0\n', durationMs: 12 },
};
/** A step that needs no approval. */
export const calculatorStep: Extract<FakeAgentAction, { kind: 'step' }> = {
  kind: 'step',
  step: { kind: 'tool', tool: 'calculator', args: { expression: '6*7' }, status: 'ok', output: '42', durationMs: 3 },
};

/** An agent store over the memory platform, whose fake agent plays `script` and then answers. */
export function setupAgent(script: FakeAgentAction[], options: MemoryPlatformOptions = {}) {
  const api = createMemoryPlatform({ agentScript: { actions: script, answer: 'done' }, ...options });
  const agent = createAgentStore(api);
  return { api, agent };
}

/** A run request for the local endpoint. */
export function runRequest(requestId: string, extra: Partial<AgentRunRequest> = {}): AgentRunRequest {
  return {
    requestId,
    endpoint: { kind: 'local' },
    systemPrompt: '',
    messages: [{ role: 'user', content: 'list the files' }],
    sampling: {},
    idSlot: null,
    ...extra,
  };
}

/** Waits until the fake run (promises and events) has reached the state the test expects. */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('condition never became true');
}

export const consentCalls = (api: ReturnType<typeof createMemoryPlatform>) =>
  api.calls.filter((c) => c.channel === 'agent:consent').map((c) => c.input);
