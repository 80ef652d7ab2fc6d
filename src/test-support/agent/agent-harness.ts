// Test support: the agent loop wired to real parts — a grammar proxy in front
// of a real llama-server, the chat service, real tool workers — with a consent
// callback the test scripts.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSettings } from '@shared/default-settings';
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';
import type { ConsentAnswer } from '@shared/tools/consent';
import type { ToolProtocol } from '@shared/tools/agent/tool-protocol';
import { createArgumentValidator } from '@shared/tools/validate-arguments';
import { createChatService } from '@main/services/chat/chat-service';
import type { LinkService } from '@main/services/links/link-service';
import { builtinToolProvider, ToolRegistry } from '@main/services/tools/tool-registry';
import type { ToolRunner } from '@main/services/tools/tool-runner';
import type { AgentDeps, AgentRunInput } from '@main/services/agent/agent-loop';
import { startGrammarProxy, type GrammarProxy, type GrammarProxyOptions, type ScriptedReply } from './grammar-proxy';

export interface HarnessOptions {
  /** the user's answer to each approval card (default: allow once) */
  ask?: (request: Parameters<AgentDeps['ask']>[0]) => Promise<ConsentAnswer>;
  policy?: Record<string, 'allow' | 'ask' | 'deny'>;
  protocol?: ToolProtocol;
  proxy?: GrammarProxyOptions;
}

/** A prompt-protocol reply calling `name`. */
export const promptCall = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

/** A native tool call the server will stream back as tool_calls. */
export const nativeCall = (name: string, args: Record<string, unknown>): ScriptedReply => ({
  toolCall: { name, arguments: args },
});

export async function agentHarness(
  serverPort: number,
  runner: ToolRunner,
  script: ScriptedReply[],
  options: HarnessOptions = {},
) {
  const proxy: GrammarProxy = await startGrammarProxy(serverPort, script, options.proxy);
  const chat = createChatService({
    localServer: () => ({ baseUrl: proxy.baseUrl, apiKey: '', model: 'tiny' }),
    links: {} as LinkService,
    emit: () => {},
  });
  const registry = new ToolRegistry();
  registry.setProvider('builtin', builtinToolProvider(runner));
  const asked: string[] = [];
  /** every approval card as the loop asked it */
  const asks: Parameters<AgentDeps['ask']>[0][] = [];
  const deps: AgentDeps = {
    send: (input) => chat.send(input),
    runTool: (c) => registry.run(c),
    validator: createArgumentValidator(),
    policy: () => ({ policies: options.policy ?? {} }),
    ask: async (request) => {
      asked.push(request.tool.name);
      asks.push(request);
      const answer = options.ask ? await options.ask(request) : ({ kind: 'allow_once' } satisfies ConsentAnswer);
      return { askId: `ask-${asks.length}`, answer };
    },
  };
  const workspaceDir = await mkdtemp(join(tmpdir(), 'eva-agent-'));
  const protocol = options.protocol ?? 'prompt';
  const input: AgentRunInput = {
    requestId: 'run',
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test agent.',
    messages: [{ role: 'user', content: 'What is 2+3?' }],
    sampling: { ...defaultSettings().chat.sampling, max_tokens: 200 },
    idSlot: null,
    tools: builtinToolDescriptors().filter((tool) => tool.name !== 'controller'),
    workspaceDir,
    maxSteps: 6,
    agentMode: true,
    conversationAllowed: [],
    protocol: { protocol, setting: protocol, reason: 'set by the test' },
  };
  return { proxy, deps, input, asked, asks, workspaceDir };
}
