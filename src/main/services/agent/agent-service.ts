// The agent loop as a core service: the tools on offer (built-ins in warm
// workers; MCP providers plug into the same registry), approval cards through
// events, Stop, and the workspace the tools are confined to.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { arch, release } from 'node:os';
import type { PrefillInput, PrefillResult } from '@shared/chat/prefill';
import type { AgentRunInput } from '@shared/tools/schemas';
import type { ConsentAnswer } from '@shared/tools/consent';
import type { ElicitAnswerInput } from '@shared/mcp/mcp-server-asks';
import { consentChoices, toolsOffered } from '@shared/tools/consent';
import type { AgentStep, ToolPreview } from '@shared/tools/agent/agent-types';
import { commandPreview } from '@shared/tools/command-safety/command-preview';
import { createArgumentValidator } from '@shared/tools/validate-arguments';
import type { ToolDescriptor } from '@shared/tools/tool-types';
import { AppFailure } from '@shared/errors';
import { chooseToolProtocol } from '@shared/tools/agent/tool-protocol';
import { previewToolsPrompt, type ToolsPromptPreview } from '@shared/tools/agent/tools-prompt';
import { applyToolSelection, type ToolsPromptRequest } from '@shared/tools/tool-selection';
import type { EventSink } from '../events/event-bus';
import type { ChatService } from '../chat/chat-service';
import type { LinkService } from '../links/link-service';
import type { SettingsStore } from '../settings/settings-store';
import { describeEnvironment } from '../tools/tool-environment';
import { webFetchPreview } from '../tools/web/web-fetch-preview';
import type { ToolRegistry } from '../tools/tool-registry';
import type { ToolRunner } from '../tools/tool-runner';
import { firstModelRequest, runAgent, type AgentRunResult } from './agent-loop';
import { ConsentBroker } from './consent-broker';
import { endpointToolSupport } from './endpoint-tool-support';
import { FormBroker, serverAsksFor } from './server-asks';

export interface AgentServiceDeps {
  chat: ChatService;
  /** to tell a hosted API from a remote llama-server for the `auto` tool protocol */
  links: Pick<LinkService, 'resolve'>;
  runner: ToolRunner;
  registry: ToolRegistry;
  settings: SettingsStore;
  defaultWorkspaceDir: string;
  emit: EventSink;
}

export function createAgentService(deps: AgentServiceDeps) {
  const validator = createArgumentValidator();
  const broker = new ConsentBroker();
  const forms = new FormBroker();
  const asksDeps = { emit: deps.emit, consent: broker, forms, chat: deps.chat, links: deps.links };
  const runs = new Map<string, { controller: AbortController; turn: string | null }>();

  const workspaceDir = () => deps.settings.get().tools.workspaceDir || deps.defaultWorkspaceDir;

  /**
   * The Tools panel's choices, plus what this conversation switched on for itself, minus what it leaves out
   * (tool-selection.ts).
   */
  function offered(forConversation: readonly string[] = [], leftOut: readonly string[] = []): ToolDescriptor[] {
    const toggles = {
      ...deps.settings.get().tools.enabled,
      ...Object.fromEntries(forConversation.map((name) => [name, true])),
    };
    return applyToolSelection(toolsOffered(deps.registry.descriptors(), toggles), leftOut);
  }

  const environmentOf = (dir: string) =>
    describeEnvironment(
      dir,
      {
        platform: process.platform,
        release: release(),
        arch: arch(),
        env: process.env,
        exists: existsSync,
        now: new Date(),
      },
      undefined,
      deps.settings.get().tools.sandbox,
    );

  async function preview(tool: ToolDescriptor, args: Record<string, unknown>): Promise<ToolPreview> {
    // cmd.exe runs the command on Windows (shell-choice.ts): read it the way cmd.exe will.
    if (tool.name === 'execute_command')
      return commandPreview(String(args.command ?? ''), process.platform === 'win32' ? 'cmd' : 'posix');
    if (tool.name === 'web_fetch') return webFetchPreview(args.url, deps.settings.get().tools.webAllowHosts);
    if (tool.name === 'write_file' || tool.name === 'edit_file') {
      const result = await deps.runner.preview(tool.name, args, workspaceDir());
      return result.status === 'ok'
        ? { kind: 'diff', text: result.output }
        : { kind: 'none', text: result.error?.message ?? 'no preview' };
    }
    // A tool whose provider says what the call costs (a picture's size and steps) has the card say so.
    const described = deps.registry.describeCall({ name: tool.name, args });
    if (described !== null) return { kind: 'none', text: described };
    return { kind: 'none', text: JSON.stringify(args, null, 2) };
  }

  /** The protocol a run starts with; only `auto` needs to ask the endpoint (a /props request for llama-server). */
  async function protocolFor(endpoint: AgentRunInput['endpoint']) {
    const setting = deps.settings.get().tools.protocol;
    const support =
      setting === 'auto'
        ? await endpointToolSupport(endpoint, { localProps: () => deps.chat.props(), links: deps.links })
        : null;
    return { ...chooseToolProtocol(setting, support), setting };
  }

  return {
    tools() {
      const settings = deps.settings.get().tools;
      return { tools: deps.registry.descriptors(), settings, workspaceDir: workspaceDir() };
    },

    /**
     * The tools part of the system prompt a run with these choices would send, and the tools it chose from (the
     * composer counts it).
     */
    toolsPrompt(input: ToolsPromptRequest = {}): ToolsPromptPreview {
      return previewToolsPrompt(offered(input.enableTools), input.disableTools, environmentOf(workspaceDir()));
    },

    /**
     * Reading ahead for an agent run (`chat:prefill` with `agent`): the run's first request, read with no new tokens.
     */
    async prefill(input: PrefillInput, off: string | null = null): Promise<PrefillResult> {
      if (off) return { done: false, why: off };
      const tools = offered(input.agent?.enableTools, input.agent?.disableTools);
      const first = firstModelRequest({
        ...input,
        tools,
        environment: environmentOf(workspaceDir()),
        protocol: await protocolFor(input.endpoint),
      });
      return deps.chat.prefill(
        { ...input, systemPrompt: first.systemPrompt, messages: first.messages, sampling: first.sampling },
        null,
        first.tools,
      );
    },

    /**
     * `resumed`: the saved steps a resumed run goes on from; `observe` sees the run's steps so far after each new one
     * (the history saves them).
     */
    async run(
      input: AgentRunInput & { resumed?: readonly AgentStep[] },
      observe?: (steps: readonly AgentStep[]) => void,
    ): Promise<Omit<AgentRunResult, 'messages'>> {
      if (runs.has(input.requestId)) throw new AppFailure('bad_request', `run ${input.requestId} is already going`);
      const settings = deps.settings.get().tools;
      const dir = workspaceDir();
      await mkdir(dir, { recursive: true });
      const run = { controller: new AbortController(), turn: null as string | null };
      const seen: AgentStep[] = [];
      runs.set(input.requestId, run);
      try {
        const result = await runAgent(
          {
            ...input,
            tools: offered(input.enableTools, input.disableTools),
            environment: environmentOf(dir),
            workspaceDir: dir,
            maxSteps: settings.maxSteps,
            agentMode: settings.agentMode,
            protocol: await protocolFor(input.endpoint),
          },
          {
            send: (chatInput) => {
              run.turn = chatInput.requestId;
              return deps.chat.send(chatInput);
            },
            runTool: (call) => deps.registry.run({ ...call, asks: serverAsksFor(asksDeps, input) }),
            validator,
            policy: () => ({ policies: deps.settings.get().tools.policies }),
            allowedAhead: (call) => deps.registry.allowedAhead({ name: call.name, args: call.arguments }),
            ask: async ({ requestId, call, tool, turn, said }) => {
              const shown = await preview(tool, call.arguments);
              let shownId: string | null = null;
              const choices = consentChoices(tool);
              const answer = await broker.ask(requestId, choices, (askId) => {
                shownId = askId;
                deps.emit('agent:ask', {
                  requestId,
                  askId,
                  tool: tool.name,
                  risk: tool.risk,
                  args: call.arguments,
                  preview: shown,
                  choices,
                  turn,
                  ...(said !== '' ? { said } : {}),
                });
              });
              return { askId: shownId, answer };
            },
            onStep: (requestId, step) => {
              deps.emit('agent:step', { requestId, step });
              seen.push(step);
              observe?.([...seen]);
            },
            onProgress: (progress) => deps.emit('agent:progress', progress),
            // /props says whether llama-server has a projector; a hosted API cannot say, so it gets no images.
            canSeeImages: async () => (await deps.chat.props(input.endpoint).catch(() => null))?.vision === true,
          },
          run.controller.signal,
        );
        const { messages: _messages, ...rest } = result;
        return rest;
      } finally {
        runs.delete(input.requestId);
      }
    },

    answer(askId: string, answer: ConsentAnswer): { accepted: boolean } {
      const outcome = broker.answer(askId, answer);
      // Only a buggy or forged client gets here (the card shows only its choices); the card keeps waiting for a real
      // one.
      if (outcome.kind === 'not_offered') {
        throw new AppFailure(
          'bad_request',
          `this approval card offers only ${outcome.offered.join(', ')}; "${answer.kind}" is not one of its choices`,
          { offered: [...outcome.offered] },
        );
      }
      return { accepted: outcome.kind === 'accepted' };
    },

    /** An MCP server's form card answered (server-asks.ts); values that do not fit are refused. */
    answerForm: (input: ElicitAnswerInput) => forms.answer(input),

    stop(requestId: string): { stopped: boolean } {
      const run = runs.get(requestId);
      if (!run) return { stopped: false };
      run.controller.abort();
      if (run.turn) deps.chat.stop(run.turn);
      broker.cancel(requestId);
      forms.cancel(requestId);
      return { stopped: true };
    },

    async dispose(): Promise<void> {
      for (const id of [...runs.keys()]) this.stop(id);
      broker.cancel();
      forms.cancel();
      await deps.runner.dispose();
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
