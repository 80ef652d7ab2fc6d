// Stream events → the assistant message being written. Pure: the same events
// always give the same state, so the store can hand each event here and the
// tests can replay a stream event by event. Once the message has ended
// (done, stopped, error) later events are ignored.
import { flushThinkTags, INITIAL_THINK_STATE, splitThinkTags } from './think-tags';
import type { StreamEvent, StreamingMessage, ToolCall } from './types';

export { parseChunk } from './parse-chunk';

/** The state before the first event. */
export function initialStreamingMessage(): StreamingMessage {
  return {
    content: '',
    reasoning: '',
    toolCalls: [],
    timings: null,
    usage: null,
    finishReason: null,
    status: 'streaming',
    slotId: null,
    internal: { think: INITIAL_THINK_STATE, toolIndexes: [] },
  };
}

export function reduceStream(state: StreamingMessage, event: StreamEvent): StreamingMessage {
  if (state.status !== 'streaming') return state;
  switch (event.type) {
    case 'content': {
      const split = splitThinkTags(state.internal.think, event.text);
      return {
        ...state,
        content: state.content + split.content,
        reasoning: state.reasoning + split.reasoning,
        internal: { ...state.internal, think: split.state },
      };
    }
    case 'reasoning':
      return { ...state, reasoning: state.reasoning + event.text };
    case 'tool_call':
      return applyToolCall(state, event);
    case 'timings':
      return { ...state, timings: event.timings };
    case 'usage':
      return { ...state, usage: event.usage };
    case 'finish':
      return { ...state, finishReason: event.reason };
    case 'slot':
      return { ...state, slotId: event.slotId };
    case 'done':
      return end(state, 'done');
    case 'stopped':
      return end(state, 'stopped');
    case 'error':
      return { ...end(state, 'error'), error: event.error };
    case 'notice':
      return { ...state, notices: [...(state.notices ?? []), event.notice] };
    case 'author':
      return { ...state, author: event.author };
    case 'model':
      // The server's own name wins over the one asked for; without an endpoint there is no author to name.
      return state.author && state.author.model !== event.model
        ? { ...state, author: { ...state.author, model: event.model } }
        : state;
  }
}

/** Folds a whole list of events, e.g. a recorded stream. */
export function reduceEvents(
  events: Iterable<StreamEvent>,
  state: StreamingMessage = initialStreamingMessage(),
): StreamingMessage {
  let current = state;
  for (const event of events) current = reduceStream(current, event);
  return current;
}

/** Ends the message; text held back as a possible tag half was ordinary text after all. */
function end(state: StreamingMessage, status: 'done' | 'stopped' | 'error'): StreamingMessage {
  const flush = flushThinkTags(state.internal.think);
  return {
    ...state,
    status,
    content: state.content + flush.content,
    reasoning: state.reasoning + flush.reasoning,
    internal: { ...state.internal, think: flush.state },
  };
}

function applyToolCall(state: StreamingMessage, event: Extract<StreamEvent, { type: 'tool_call' }>): StreamingMessage {
  const position = state.internal.toolIndexes.indexOf(event.index);
  const toolCalls = [...state.toolCalls];
  if (position < 0) {
    const call: ToolCall = {
      id: event.id ?? '',
      type: 'function',
      function: { name: event.name ?? '', arguments: event.argumentsDelta },
    };
    toolCalls.push(call);
    return {
      ...state,
      toolCalls,
      internal: { ...state.internal, toolIndexes: [...state.internal.toolIndexes, event.index] },
    };
  }
  const old = toolCalls[position] as ToolCall;
  // id and name arrive once, in the first delta; some servers repeat them, which must not double them.
  toolCalls[position] = {
    id: event.id ?? old.id,
    type: 'function',
    function: { name: event.name ?? old.function.name, arguments: old.function.arguments + event.argumentsDelta },
  };
  return { ...state, toolCalls };
}
