// The chat store (features/chat/chat-store.ts) over the memory platform, with the settings and status stores, a
// stream follower whose frames a test runs by hand, and a loaded model.
import type { StreamEvent } from '@shared/chat/types';
import type { InvokeInput } from '@shared/contract';
import { createMemoryPlatform, type MemoryPlatformOptions } from '@renderer/platform/memory-platform';
import { createSettingsStore } from '@renderer/features/settings/settings-store';
import { createStatusStore } from '@renderer/features/status/status-store';
import { createChatStore } from '@renderer/features/chat/chat-store';
import type { AnswerItem } from '@renderer/features/chat/conversation';
import { createStreamFollower } from '@renderer/features/chat/stream-follower';

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function setupChatStore(options: MemoryPlatformOptions = {}) {
  const api = createMemoryPlatform(options);
  const frames: Array<() => void> = [];
  const app = createSettingsStore(api);
  const status = createStatusStore(api);
  let n = 0;
  const follower = createStreamFollower(api, (callback) => frames.push(callback));
  const chat = createChatStore({ api, app, status, follower, newId: () => `id${++n}`, sleep: () => Promise.resolve() });
  const stopFollower = follower.start();
  const stopStatus = status.start();
  const stop = chat.start();
  await app.refresh();
  await api.invoke('backend:load', { ...api.state.settings.load, modelPath: '/m/qwen.gguf' });
  await settle();
  const runFrames = () => frames.splice(0).forEach((callback) => callback());
  const sent = () =>
    api.calls
      .filter((c) => c.channel === 'chat:send')
      .map((c) => c.input as Extract<InvokeInput<'chat:send'>, { mode: 'chat' }>);
  return { api, chat, app, runFrames, sent, dispose: () => (stop(), stopStatus(), stopFollower()) };
}

export const reply =
  (...texts: string[]) =>
  (): StreamEvent[][] =>
    texts.map((text) => [{ type: 'content', text }]);
export const answers = (items: readonly unknown[]) =>
  items.filter((item): item is AnswerItem => (item as AnswerItem).kind === 'assistant');
