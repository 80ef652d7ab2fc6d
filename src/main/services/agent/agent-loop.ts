// The agent loop: ask the model, read the tool calls out
// of its reply in the run's protocol (EVA's <tool_call> text, or native OpenAI
// tool_calls), put each through validate → consent → run (tool-call-step.ts),
// feed the results back, and go on until the model calls `answer`, answers
// plainly, is stopped, or runs out of steps. An endpoint that refuses native
// tools switches the run to the prompt protocol, visibly, instead of failing it.
import type { ChatSendInput } from '@shared/chat/schemas';
import type { ChatMessage } from '@shared/chat/types';
import type { ChatResult } from '@shared/contract';
import { createSpeaker, type ProtocolSpeaker, type SpeakerInput } from '@shared/tools/agent/agent-protocol';
import { renderTranscript, type TranscriptTurn } from '@shared/tools/agent/agent-transcript';
import type { AgentEnd, AgentProtocolReport, AgentStep } from '@shared/tools/agent/agent-types';
import type { ProtocolChoice, ToolProtocolSetting } from '@shared/tools/agent/tool-protocol';
import { nativeToolRejection } from '@shared/tools/agent/tool-rejection';
import { NO_TOOL_CALL_WARNING } from '@shared/tools/agent/tool-response';
import { withoutToolCalls } from '@shared/tools/agent/tool-call-text';
import { ContentBudget, keepWithin, MAX_RUN_CONTENT_BYTES } from '@shared/tools/tool-content';
import type { ToolDescriptor } from '@shared/tools/tool-types';
import type { ToolEnvironment } from '@shared/tools/agent/tools-prompt';
import { handleToolCall, type NewStep, type ToolCallContext, type ToolCallDeps } from './tool-call-step';
import { nextTurnNumber, resumedTurns, turnsUsed } from '@shared/tools/agent/resume-transcript';
import { toOpenAiTools } from '@shared/tools/agent/native-tools';

export type { AgentEnd, AgentProtocolReport, AgentStep };

export interface AgentRunInput {
  requestId: string;
  endpoint: ChatSendInput['endpoint'];
  systemPrompt: string;
  messages: ChatMessage[];
  sampling: ChatSendInput['sampling'];
  idSlot: number | null;
  tools: readonly ToolDescriptor[];
  environment?: ToolEnvironment;
  workspaceDir: string;
  /** model requests a run may make (a request refused for native tools does not count) */
  maxSteps: number;
  /** a reply without a tool call gets one warning instead of ending the run */
  agentMode: boolean;
  conversationAllowed: readonly string[];
  /** the protocol to start with (see chooseToolProtocol) and the setting it came from */
  protocol: ProtocolChoice & { setting: ToolProtocolSetting };
  /** resume: the completed steps of the run this one goes on from (its calls are not made again) */
  resumed?: readonly AgentStep[];
}

export interface AgentRunResult {
  end: AgentEnd;
  answer: string;
  steps: AgentStep[];
  /** the conversation as the model saw it last, tool turns included */
  messages: ChatMessage[];
  conversationAllowed: string[];
  lastResult: ChatResult | null;
  protocol: AgentProtocolReport;
}

export interface AgentDeps extends ToolCallDeps {
  send(input: ChatSendInput): Promise<ChatResult>;
  onStep?(requestId: string, step: AgentStep): void;
  /** whether the endpoint takes images; asked once, the first time a tool returns one (none: it does not) */
  canSeeImages?(): Promise<boolean>;
}

export async function runAgent(input: AgentRunInput, deps: AgentDeps, signal?: AbortSignal): Promise<AgentRunResult> {
  const speakerInput: SpeakerInput = {
    systemPrompt: input.systemPrompt,
    sampling: input.sampling,
    tools: input.tools,
    environment: input.environment,
  };
  let speaker = createSpeaker(input.protocol.protocol, speakerInput);
  let fallback: string | null = null;
  const resumed = input.resumed ?? [];
  const tools = toOpenAiTools(input.tools);
  const wireNameOf = (name: string) =>
    tools.tools.find((tool) => tools.toolName(tool.function.name) === name)?.function.name ?? name;
  const transcript: TranscriptTurn[] = [
    ...input.messages.map((message): TranscriptTurn => ({ kind: 'message', message })),
    ...resumedTurns(resumed, input.protocol.protocol, wireNameOf),
  ];
  // A resumed run's steps go on from the saved ones, which the page is shown again first.
  const steps: AgentStep[] = [...resumed];
  for (const step of resumed) deps.onStep?.(input.requestId, step);
  const context: ToolCallContext = {
    requestId: input.requestId,
    tools: input.tools,
    workspaceDir: input.workspaceDir,
    allowed: [...input.conversationAllowed],
    signal,
  };
  let warned = false;
  let lastResult: ChatResult | null = null;
  let seesImages: boolean | null = null;
  const imageOptions = async (): Promise<{ images: boolean }> => {
    if (
      seesImages === null &&
      transcript.some((turn) => turn.kind === 'result' && (turn.response.images?.length ?? 0) > 0)
    ) {
      // Not knowing whether the model sees images only means it is sent none; the run itself goes on.
      seesImages = deps.canSeeImages ? await deps.canSeeImages().catch(() => false) : false;
    }
    return { images: seesImages === true };
  };

  const end = (kind: AgentEnd, answer: string): AgentRunResult => ({
    end: kind,
    answer,
    steps,
    messages: renderTranscript(transcript, speaker.protocol, { images: seesImages === true }),
    conversationAllowed: context.allowed,
    lastResult,
    protocol: { used: speaker.protocol, setting: input.protocol.setting, reason: input.protocol.reason, fallback },
  });
  // Images and resources past the run's budget keep their type and size, not their data.
  const contentBudget = new ContentBudget(Number.POSITIVE_INFINITY, MAX_RUN_CONTENT_BYTES);
  const record = (step: NewStep) => {
    const full = {
      ...step,
      ...(step.content ? { content: keepWithin(step.content, contentBudget) } : {}),
      index: steps.length,
    };
    steps.push(full);
    deps.onStep?.(input.requestId, full);
  };

  let turn = turnsUsed(resumed);
  for (let sent = nextTurnNumber(resumed); turn < input.maxSteps; sent++) {
    if (signal?.aborted) return end('stopped', '');
    const turnRequest = modelRequest(speaker, transcript, await imageOptions());
    const { messages } = turnRequest;
    lastResult = await deps.send({
      requestId: `${input.requestId}:${sent}`,
      mode: 'chat',
      endpoint: input.endpoint,
      idSlot: input.idSlot,
      ...turnRequest,
    });
    if (lastResult.status === 'stopped') return end('stopped', lastResult.content);
    if (lastResult.status === 'error') {
      const sentToolMessages = messages.some((m) => m.role === 'tool' || (m.toolCalls?.length ?? 0) > 0);
      const refusal =
        speaker.protocol === 'native' ? nativeToolRejection(lastResult.error, { sentToolMessages }) : null;
      if (refusal === null) return end('error', lastResult.content);
      // Once only: the prompt protocol never falls back, so this cannot loop.
      fallback = refusal;
      speaker = createSpeaker('prompt', speakerInput);
      record({
        kind: 'warning',
        tool: null,
        args: null,
        status: 'error',
        output: `${refusal}. Switched to the prompt protocol for the rest of this run.`,
        durationMs: 0,
      });
      continue;
    }
    turn++;

    const reading = speaker.read(lastResult, turn);
    transcript.push(reading.turn);
    if (reading.kind === 'plain') {
      if (!input.agentMode || warned) return end('answered', reading.text);
      warned = true;
      record({
        kind: 'warning',
        tool: null,
        args: null,
        status: 'rejected',
        output: NO_TOOL_CALL_WARNING,
        durationMs: 0,
      });
      transcript.push({ kind: 'message', message: { role: 'user', content: NO_TOOL_CALL_WARNING } });
      continue;
    }
    // What the model said before its calls goes with the turn's first call, so it stays above that call's card.
    const said = withoutToolCalls(lastResult.content);
    for (const [at, call] of reading.calls.entries()) {
      const outcome = await handleToolCall(
        call,
        context,
        deps,
        { turn: sent, said: at === 0 ? said : '' },
        steps.length,
      );
      if (outcome.kind === 'final') return end('answered', outcome.text);
      if (outcome.kind === 'stopped') return end('stopped', '');
      record(outcome.step);
      transcript.push({
        kind: 'result',
        response: outcome.response,
        callId: call.native?.id,
        wireName: call.native?.wireName,
      });
      if (outcome.stopped) return end('stopped', '');
    }
  }
  return end('max_steps', '');
}

/**
 * What one turn asks the model: the speaker's system prompt, sampling and tools, and the transcript as its protocol
 * writes it.
 */
function modelRequest(
  speaker: ProtocolSpeaker,
  transcript: readonly TranscriptTurn[],
  options: { images: boolean },
): Pick<ChatSendInput & { mode: 'chat' }, 'systemPrompt' | 'messages' | 'sampling' | 'tools'> {
  const request = speaker.request();
  return {
    systemPrompt: request.systemPrompt,
    messages: renderTranscript(transcript, speaker.protocol, options),
    sampling: request.sampling,
    ...(request.tools ? { tools: request.tools } : {}),
  };
}

/**
 * The first request a new run of `input` makes, as runAgent makes it: what reading ahead sends (with no new
 * tokens), so the run's first turn finds the conversation and the question in the server's cache.
 */
export function firstModelRequest(
  input: Pick<AgentRunInput, 'systemPrompt' | 'sampling' | 'tools' | 'environment' | 'messages' | 'protocol'>,
) {
  const speaker = createSpeaker(input.protocol.protocol, {
    systemPrompt: input.systemPrompt,
    sampling: input.sampling,
    tools: input.tools,
    environment: input.environment,
  });
  return modelRequest(
    speaker,
    input.messages.map((message): TranscriptTurn => ({ kind: 'message', message })),
    { images: false },
  );
}
