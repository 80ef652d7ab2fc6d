// The agent and tool channels of the in-memory platform. `tools:list` offers the
// real built-in descriptors. `agent:run` plays a script when one is given
// (steps, and approval cards that wait for `agent:consent` or Stop, following
// the core's consent rules, and progress updates before a step); without one it
// answers with a clear error.
import type { AppSettings, EventPayloads, InvokeInput, InvokeOutput } from '@shared/contract';
import type { AgentEnd, AgentStep, ConsentRequest } from '@shared/tools/agent/agent-types';
import { builtinToolDescriptors, findTool } from '@shared/tools/builtin-tools';
import { allowedEntry, consentChoices, denialMessage, type ConsentAnswer } from '@shared/tools/consent';
import type { ToolContent, ToolProgress } from '@shared/tools/tool-types';
import type { Timers } from '../lib/timers';
import type { Result } from './types';
import { type FakeHandler, ok } from './fake-handler';

type ToolChannel = 'agent:run' | 'agent:stop' | 'agent:consent' | 'agent:elicit-answer' | 'tools:list';

/** One beat of a scripted run: a finished step, or a call that needs the user's consent first. */
export type FakeAgentAction =
  /** `progress`: `agent:progress` updates sent (one a beat) before the step */
  | { kind: 'step'; step: Omit<AgentStep, 'index'>; progress?: ToolProgress[] }
  | {
      kind: 'ask';
      tool: string;
      args: Record<string, unknown>;
      preview?: ConsentRequest['preview'];
      /** the step shown when the user allows it */
      result: { status?: AgentStep['status']; output: string; durationMs?: number; content?: ToolContent[] };
    };

export interface FakeToolsOptions {
  /** what `agent:run` plays; every run plays the same script */
  agentScript?: { actions: FakeAgentAction[]; answer: string };
  /** ms before each scripted step; 0 plays at once */
  agentStepDelayMs?: number;
}

interface FakeToolsDeps {
  state: { settings: AppSettings };
  emit: <E extends 'agent:step' | 'agent:ask' | 'agent:progress'>(event: E, payload: EventPayloads[E]) => void;
  timers: Timers;
  options: FakeToolsOptions;
}

interface OpenAsk {
  requestId: string;
  resolve: (answer: ConsentAnswer) => void;
}

export function createFakeTools({ state, emit, timers, options }: FakeToolsDeps): {
  [C in ToolChannel]: FakeHandler<C>;
} {
  const tools = builtinToolDescriptors();
  const asks = new Map<string, OpenAsk>();
  const running = new Set<string>();
  const stopped = new Set<string>();
  let askSeq = 0;

  const pause = (): Promise<void> => {
    const ms = options.agentStepDelayMs ?? 0;
    return ms <= 0 ? Promise.resolve() : new Promise((resolve) => timers.setTimeout(resolve, ms));
  };

  const ask = (requestId: string, action: Extract<FakeAgentAction, { kind: 'ask' }>): Promise<ConsentAnswer> => {
    const tool = findTool(tools, action.tool);
    const askId = `fake-ask-${++askSeq}`;
    const choices: ConsentRequest['choices'] = tool
      ? consentChoices(tool)
      : ['allow_once', 'allow_conversation', 'deny'];
    return new Promise((resolve) => {
      asks.set(askId, { requestId, resolve });
      emit('agent:ask', {
        requestId,
        askId,
        tool: action.tool,
        risk: tool?.risk ?? 'exec',
        args: action.args,
        preview: action.preview ?? { kind: 'none', text: JSON.stringify(action.args, null, 2) },
        choices,
      });
    });
  };

  const play = async (input: InvokeInput<'agent:run'>): Promise<Result<InvokeOutput<'agent:run'>>> => {
    const script = options.agentScript;
    if (!script)
      return {
        ok: false,
        error: { code: 'internal', message: 'the agent loop is not simulated by the in-memory platform' },
      };
    const { requestId } = input;
    running.add(requestId);
    const steps: AgentStep[] = [];
    let allowed = [...input.conversationAllowed];
    const record = (step: Omit<AgentStep, 'index'>): void => {
      const full = { ...step, index: steps.length };
      steps.push(full);
      emit('agent:step', { requestId, step: full });
    };
    const end = (kind: AgentEnd, answer: string): Result<InvokeOutput<'agent:run'>> => {
      running.delete(requestId);
      stopped.delete(requestId);
      return ok({
        end: kind,
        answer,
        steps,
        conversationAllowed: allowed,
        lastResult: null,
        protocol: {
          used: 'prompt',
          setting: state.settings.tools.protocol,
          reason: 'scripted by the in-memory platform',
          fallback: null,
        },
      });
    };
    for (const action of script.actions) {
      await pause();
      if (stopped.has(requestId)) return end('stopped', '');
      if (action.kind === 'step') {
        for (const update of action.progress ?? []) {
          emit('agent:progress', { requestId, stepIndex: steps.length, tool: action.step.tool ?? '', ...update });
          await pause();
          if (stopped.has(requestId)) return end('stopped', '');
        }
        record(action.step);
        continue;
      }
      const tool = findTool(tools, action.tool);
      const server = action.tool.includes('@') ? `${action.tool.split('@')[0]}@*` : null;
      const askFirst =
        tool?.alwaysAsk === true || !(allowed.includes(action.tool) || (server !== null && allowed.includes(server)));
      const answer: ConsentAnswer = askFirst ? await ask(requestId, action) : { kind: 'allow_once' };
      if (stopped.has(requestId)) return end('stopped', '');
      const entry = tool && !tool.alwaysAsk ? allowedEntry(tool, answer) : null;
      if (entry !== null && !allowed.includes(entry)) allowed = [...allowed, entry];
      if (answer.kind === 'deny')
        record({
          kind: 'tool',
          tool: action.tool,
          args: action.args,
          status: 'denied',
          output: denialMessage(action.tool, false, answer.reason),
          durationMs: 0,
        });
      else
        record({
          kind: 'tool',
          tool: action.tool,
          args: action.args,
          status: action.result.status ?? 'ok',
          output: action.result.output,
          durationMs: action.result.durationMs ?? 0,
          ...(action.result.content ? { content: action.result.content } : {}),
        });
    }
    return end('answered', script.answer);
  };

  return {
    'agent:run': play,
    'agent:stop': ({ requestId }) => {
      if (!running.has(requestId)) return ok({ stopped: false });
      stopped.add(requestId);
      for (const [askId, open] of asks) {
        if (open.requestId !== requestId) continue;
        asks.delete(askId);
        open.resolve({ kind: 'deny', reason: 'the run was stopped' });
      }
      return ok({ stopped: true });
    },
    'agent:consent': ({ askId, answer }) => {
      const open = asks.get(askId);
      if (!open) return ok({ accepted: false });
      asks.delete(askId);
      open.resolve(answer);
      return ok({ accepted: true });
    },
    // The script plays no MCP server, so no form card is ever open here.
    'agent:elicit-answer': () => ok({ accepted: false }),
    'tools:list': () =>
      ok({
        tools,
        settings: state.settings.tools,
        workspaceDir: state.settings.tools.workspaceDir || '/home/user/.eva/workspace',
      }),
  };
}
