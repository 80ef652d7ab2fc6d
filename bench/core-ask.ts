// One answer asked through the core as the page asks it, timed from the send to
// the first streamed content (what the user waits for).
import type { Core } from '@main/core';
import type { ChatResult, InvokeInput } from '@shared/contract';

export async function askTimed(
  core: Core,
  input: InvokeInput<'chat:send'>,
): Promise<{ result: ChatResult; ttftMs: number }> {
  let firstAt: number | null = null;
  const detach = core.events.attach((event, payload) => {
    if (event !== 'chat:stream' || firstAt !== null) return;
    const { requestId: id, events } = payload as { requestId: string; events: { type: string }[] };
    if (id === input.requestId && events.some((e) => e.type === 'content')) firstAt = performance.now();
  });
  const sentAt = performance.now();
  try {
    const result = await core.handlers['chat:send'](input);
    if (result.status !== 'done' || firstAt === null)
      throw new Error(`the answer did not stream: ${result.error?.message ?? result.status}`);
    return { result, ttftMs: firstAt - sentAt };
  } finally {
    detach();
  }
}
