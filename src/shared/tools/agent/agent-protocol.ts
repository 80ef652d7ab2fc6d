// The two tool protocols as the loop sees them: what each adds to a model
// request, and how each reads the calls out of a finished reply. Everything
// after that (validate, consent, run, feed back) is the same for both.
import type { SamplingSettings, ToolCall as WireToolCall, ToolDefinition } from '../../chat/types';
import type { NativeCallRecord, TranscriptTurn } from './agent-transcript';
import { finishToolCalls, toOpenAiTools } from './native-tools';
import { parseToolCall, TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from './parse-tool-call';
import type { ToolProtocol } from './tool-protocol';
import type { ToolCall, ToolDescriptor, ToolError } from '../tool-types';
import { buildNativeToolsNote, buildToolsPrompt, type ToolEnvironment } from './tools-prompt';

/** What the protocol puts into the next model request. */
export interface TurnRequest {
  systemPrompt: string;
  sampling: SamplingSettings;
  /** OpenAI tools (native protocol only) */
  tools?: ToolDefinition[];
}

/** One call found in a reply: ready for the gate, or the reason it cannot be used (goes back to the model). */
export type CallReading =
  | { kind: 'call'; call: ToolCall; native?: NativeCallRecord }
  /** `name`: the tool the model meant, when it got that far */
  | { kind: 'error'; error: ToolError; name: string | null; native?: NativeCallRecord };

/** A finished reply: a plain answer, or the calls it makes; `turn` is how it enters the transcript. */
export type ReplyReading =
  { kind: 'plain'; text: string; turn: TranscriptTurn } | { kind: 'calls'; calls: CallReading[]; turn: TranscriptTurn };

/** The part of a model reply the protocols read. */
export interface ModelReply {
  content: string;
  toolCalls: readonly WireToolCall[];
}

export interface ProtocolSpeaker {
  protocol: ToolProtocol;
  request(): TurnRequest;
  /** `turn` numbers the request; it makes ids for calls the server sent without one */
  read(reply: ModelReply, turn: number): ReplyReading;
}

export interface SpeakerInput {
  systemPrompt: string;
  sampling: SamplingSettings;
  tools: readonly ToolDescriptor[];
  environment?: ToolEnvironment;
}

export function createSpeaker(protocol: ToolProtocol, input: SpeakerInput): ProtocolSpeaker {
  return protocol === 'native' ? nativeSpeaker(input) : promptSpeaker(input);
}

/** EVA's protocol: tools listed in the system prompt, one <tool_call> per reply, `</tool_call>` as a stop word. */
function promptSpeaker(input: SpeakerInput): ProtocolSpeaker {
  const systemPrompt = joinPrompt(input.systemPrompt, buildToolsPrompt(input.tools, input.environment));
  const sampling = { ...input.sampling, stop: [...(input.sampling.stop ?? []), TOOL_CALL_CLOSE] };
  return {
    protocol: 'prompt',
    request: () => ({ systemPrompt, sampling }),
    read(reply) {
      // The stop word is consumed by the server: put it back so the block is whole.
      const text =
        reply.content.includes(TOOL_CALL_OPEN) && !reply.content.includes(TOOL_CALL_CLOSE)
          ? `${reply.content}${TOOL_CALL_CLOSE}`
          : reply.content;
      const turn: TranscriptTurn = { kind: 'message', message: { role: 'assistant', content: text } };
      const parsed = parseToolCall(text);
      if (parsed.kind === 'none') return { kind: 'plain', text, turn };
      if (parsed.kind === 'error')
        return { kind: 'calls', turn, calls: [{ kind: 'error', error: parsed.error, name: null }] };
      return { kind: 'calls', turn, calls: [{ kind: 'call', call: parsed.call }] };
    },
  };
}

/**
 * OpenAI tools in the request, calls from the streamed `tool_calls`; several calls in one reply run one after another.
 */
function nativeSpeaker(input: SpeakerInput): ProtocolSpeaker {
  const set = toOpenAiTools(input.tools);
  const systemPrompt = joinPrompt(input.systemPrompt, buildNativeToolsNote(input.tools, input.environment));
  return {
    protocol: 'native',
    request: () => ({ systemPrompt, sampling: input.sampling, tools: set.tools }),
    read(reply, turnNumber) {
      if (reply.toolCalls.length === 0)
        return {
          kind: 'plain',
          text: reply.content,
          turn: { kind: 'message', message: { role: 'assistant', content: reply.content } },
        };
      const records = reply.toolCalls.map((call, index): NativeCallRecord => ({
        // Every call needs an id its result can name; some servers send none.
        id: call.id || `call_${turnNumber}_${index}`,
        wireName: call.function.name,
        name: set.toolName(call.function.name),
        argumentsText: call.function.arguments,
      }));
      const finished = finishToolCalls(
        { calls: records.map((r) => ({ id: r.id, name: r.wireName, argumentsText: r.argumentsText })) },
        set,
        true,
      );
      const calls = finished.map((parse, index): CallReading => {
        const native = records[index] as NativeCallRecord;
        return parse.kind === 'call'
          ? { kind: 'call', call: parse.call, native }
          : { kind: 'error', error: parse.error, name: native.name || null, native };
      });
      return { kind: 'calls', calls, turn: { kind: 'native_calls', content: reply.content, calls: records } };
    },
  };
}

function joinPrompt(base: string, addition: string): string {
  if (addition === '') return base;
  return base.trim() === '' ? addition : `${base}\n\n${addition}`;
}
