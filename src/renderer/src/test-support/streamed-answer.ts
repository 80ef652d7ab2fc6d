// An answer a test streams by hand over the memory platform: the next chat:send gets its pieces one frame at a
// time, when the test pushes, and is answered when the test ends it, so a test can look in between.
import type { ChatResult } from '@shared/contract';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';

/** What chat:send answers for `content`; a finish reason only when the answer is done. */
export function chatResult(requestId: string, content: string, status: ChatResult['status'] = 'done'): ChatResult {
  return {
    content,
    reasoning: '',
    toolCalls: [],
    timings: null,
    usage: null,
    finishReason: status === 'done' ? 'stop' : null,
    status,
    slotId: null,
    requestId,
    elapsedMs: 1,
  };
}

/**
 * The next chat:send streams `pieces`, one on each push (then `runFrames` hands it to the page), and ends, with the
 * pieces pushed so far, when `end` is called.
 */
export function streamedAnswer(api: MemoryPlatform, runFrames: () => void, pieces: readonly string[]) {
  let end: (status: ChatResult['status']) => void = () => {};
  const ended = new Promise<ChatResult['status']>((resolve) => (end = resolve));
  let push: () => void = () => {};
  api.handle('chat:send', async (input) => {
    let i = 0;
    push = () => {
      api.emit('chat:stream', { requestId: input.requestId, events: [{ type: 'content', text: pieces[i++] ?? '' }] });
      runFrames();
    };
    const status = await ended;
    return { ok: true, value: chatResult(input.requestId, pieces.slice(0, i).join(''), status) };
  });
  return { push: () => push(), end: (status: ChatResult['status'] = 'done') => end(status) };
}
