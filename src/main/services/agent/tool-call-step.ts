// One tool call, whichever protocol it came by: validate, refuse or ask, run it
// in its worker, and say what goes back to the model and what the user sees.
import { keptCitations } from '@shared/knowledge/knowledge-citations';
import { KNOWLEDGE_TOOL_NAME } from '@shared/knowledge/knowledge-tool';
import type { AgentProgress } from '@shared/tools/agent/agent-progress';
import type { AgentStep } from '@shared/tools/agent/agent-types';
import type { CallReading } from '@shared/tools/agent/agent-protocol';
import { applyConsentAnswer, denialMessage, type ConsentAnswer, type ToolPolicySettings } from '@shared/tools/consent';
import { gateToolCall } from '@shared/tools/agent/tool-call-gate';
import type { ModelImage, ToolResponseInput } from '@shared/tools/agent/tool-response';
import { isModelImageType } from '@shared/tools/tool-content';
import type {
  ToolCall,
  ToolDescriptor,
  ToolProgress,
  ToolProgressListener,
  ToolRunResult,
} from '@shared/tools/tool-types';
import type { ArgumentValidator } from '@shared/tools/validate-arguments';
import type { ProviderCall } from '../tools/tool-registry';

/** What the step needs from the outside: the tools, the user and the clock. */
export interface ToolCallDeps {
  runTool(call: ProviderCall & ToolProgressListener): Promise<ToolRunResult>;
  validator: ArgumentValidator;
  policy(): ToolPolicySettings;
  /** a call the user allowed ahead by its cost runs without a card (registry.allowedAhead); absent: none does */
  allowedAhead?(call: ToolCall): boolean;
  /** the approval card: resolves with the user's choice and the card's id */
  ask(
    request: { requestId: string; call: ToolCall; tool: ToolDescriptor } & CallPlace,
  ): Promise<{ askId: string | null; answer: ConsentAnswer }>;
  clock?: () => number;
  /** a running call reported progress (already thinned out to a few updates a second) */
  onProgress?(progress: AgentProgress): void;
}

/** Progress updates closer together than this are not passed on, except the one that reaches the total. */
const PROGRESS_GAP_MS = 100;

export interface ToolCallContext {
  requestId: string;
  tools: readonly ToolDescriptor[];
  workspaceDir: string;
  /** tools allowed "for this conversation"; replaced when the user allows one more */
  allowed: string[];
  signal?: AbortSignal;
}

/**
 * Where a call stands in the run: its model turn, and what the model said there before it ('' after the turn's first
 * call).
 */
export interface CallPlace {
  turn: number;
  said: string;
}

/** A step as the loop records it (it numbers them). */
export type NewStep = Omit<AgentStep, 'index'>;

export type CallOutcome =
  /** the model called answer/finish */
  | { kind: 'final'; text: string }
  /** the run was stopped while the approval card was open */
  | { kind: 'stopped' }
  /** `response` goes back to the model; `stopped`: the tool was killed by Stop */
  | { kind: 'fed'; step: NewStep; response: ToolResponseInput; stopped: boolean };

/** `stepIndex`: the index the call's step will get, so its progress finds its card. */
export async function handleToolCall(
  reading: CallReading,
  context: ToolCallContext,
  deps: ToolCallDeps,
  place: CallPlace,
  stepIndex = 0,
): Promise<CallOutcome> {
  const outcome = await decideAndRun(reading, context, deps, place, stepIndex);
  if (outcome.kind !== 'fed') return outcome;
  return {
    ...outcome,
    step: { ...outcome.step, turn: place.turn, ...(place.said !== '' ? { said: place.said } : {}) },
  };
}

async function decideAndRun(
  reading: CallReading,
  context: ToolCallContext,
  deps: ToolCallDeps,
  place: CallPlace,
  stepIndex: number,
): Promise<CallOutcome> {
  if (reading.kind === 'error') {
    const step: NewStep = {
      kind: 'invalid',
      tool: reading.name,
      args: null,
      status: 'rejected',
      output: reading.error.message,
      durationMs: 0,
    };
    return {
      kind: 'fed',
      step,
      response: { name: reading.name ?? 'tool_call', status: 'error', output: '', error: reading.error },
      stopped: false,
    };
  }
  const call = reading.call;
  const verdict = gateToolCall({
    call,
    tools: context.tools,
    validator: deps.validator,
    policy: deps.policy(),
    conversationAllowed: context.allowed,
    allowedAhead: (checked) => deps.allowedAhead?.(checked) ?? false,
  });
  if (verdict.kind === 'final') return { kind: 'final', text: verdict.text };
  if (verdict.kind === 'reject') {
    const step: NewStep = {
      kind: 'invalid',
      tool: call.name,
      args: call.arguments,
      status: 'rejected',
      output: verdict.error.message,
      durationMs: 0,
    };
    return {
      kind: 'fed',
      step,
      response: { name: call.name, status: 'error', output: '', error: verdict.error },
      stopped: false,
    };
  }
  if (verdict.kind === 'deny') return denied(call.name, call.arguments, verdict.message);
  let askId: string | null = null;
  let consent: ConsentAnswer | null = null;
  if (verdict.kind === 'ask') {
    const asked = await deps.ask({ requestId: context.requestId, call: verdict.call, tool: verdict.tool, ...place });
    const { answer } = asked;
    askId = asked.askId;
    if (context.signal?.aborted) return { kind: 'stopped' };
    context.allowed = applyConsentAnswer(verdict.tool, answer, context.allowed);
    if (answer.kind === 'deny')
      return withAsk(
        denied(verdict.tool.name, verdict.call.arguments, denialMessage(verdict.tool.name, false, answer.reason)),
        askId,
        answer,
      );
    consent = answer;
  }
  const clock = deps.clock ?? (() => performance.now());
  const started = clock();
  const where = {
    requestId: context.requestId,
    stepIndex,
    tool: verdict.call.name,
    ...(askId !== null ? { askId } : {}),
  };
  const onProgress = deps.onProgress
    ? progressReporter((progress) => deps.onProgress?.({ ...where, ...progress }), clock)
    : undefined;
  const result = await deps.runTool({
    name: verdict.call.name,
    args: verdict.call.arguments,
    workspaceDir: context.workspaceDir,
    signal: context.signal,
    ...(onProgress ? { onProgress } : {}),
  });
  const images = modelImages(result);
  const citations = verdict.call.name === KNOWLEDGE_TOOL_NAME ? keptCitations(result.details?.hits) : [];
  const step: NewStep = {
    kind: 'tool',
    tool: verdict.call.name,
    args: verdict.call.arguments,
    status: result.status,
    output: result.output || result.error?.message || '',
    durationMs: Math.round(clock() - started),
    ...(askId !== null ? { askId } : {}),
    ...(consent !== null ? { consent: consent.kind } : {}),
    ...(result.content && result.content.length > 0 ? { content: result.content } : {}),
    ...(citations.length > 0 ? { citations } : {}),
  };
  const response: ToolResponseInput = {
    name: verdict.call.name,
    status: result.status,
    output: result.output,
    error: result.error,
    ...(images.length > 0 ? { images } : {}),
  };
  return { kind: 'fed', step, response, stopped: result.status === 'stopped' };
}

/** The images of a result a vision model could take (whether it gets them is the transcript's call). */
function modelImages(result: ToolRunResult): ModelImage[] {
  return (result.content ?? []).flatMap((item) =>
    item.kind === 'image' && item.dataUrl !== null && isModelImageType(item.mimeType)
      ? [{ mimeType: item.mimeType, dataUrl: item.dataUrl }]
      : [],
  );
}

/** Passes progress on at most every PROGRESS_GAP_MS, and always the update that reaches the total. */
function progressReporter(
  report: (progress: ToolProgress) => void,
  clock: () => number,
): (progress: ToolProgress) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (progress) => {
    const now = clock();
    const done = progress.total !== undefined && progress.progress >= progress.total;
    if (!done && now - last < PROGRESS_GAP_MS) return;
    last = now;
    report(progress);
  };
}

/**
 * The step of a call that went through an approval card names the card (so the two show as one call) and the answer.
 */
function withAsk(outcome: CallOutcome, askId: string | null, answer: ConsentAnswer): CallOutcome {
  if (outcome.kind !== 'fed') return outcome;
  return { ...outcome, step: { ...outcome.step, ...(askId !== null ? { askId } : {}), consent: answer.kind } };
}

function denied(name: string, args: Record<string, unknown>, message: string): CallOutcome {
  return {
    kind: 'fed',
    step: { kind: 'tool', tool: name, args, status: 'denied', output: message, durationMs: 0 },
    response: { name, status: 'denied', output: message },
    stopped: false,
  };
}
