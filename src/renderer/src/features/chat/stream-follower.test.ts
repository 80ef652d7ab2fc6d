import { describe, expect, it } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createStreamFollower, type LiveSnapshot } from './stream-follower';

function manualFrames() {
  const pending: Array<() => void> = [];
  return {
    frame: (callback: () => void) => pending.push(callback),
    run: () => pending.splice(0).forEach((callback) => callback()),
    get count() {
      return pending.length;
    },
  };
}

describe('stream follower', () => {
  it('shows the first text at once, then applies every batch that arrived before a frame in one update', () => {
    const api = createMemoryPlatform();
    const frames = manualFrames();
    let clock = 1000;
    const follower = createStreamFollower(api, frames.frame, () => clock);
    follower.start();
    const seen: LiveSnapshot[] = [];
    follower.follow('r1', (snapshot) => seen.push(snapshot));
    api.emit('chat:stream', { requestId: 'r1', events: [{ type: 'slot', slotId: 1 }] });
    expect(seen).toHaveLength(0);
    api.emit('chat:stream', { requestId: 'r1', events: [{ type: 'reasoning', text: 'hm' }] });
    // The first words do not wait for a frame.
    expect(seen).toHaveLength(1);
    expect(seen[0]?.message.reasoning).toBe('hm');
    clock = 1100;
    api.emit('chat:stream', { requestId: 'r1', events: [{ type: 'content', text: 'Hel' }] });
    api.emit('chat:stream', { requestId: 'r1', events: [{ type: 'content', text: 'lo' }] });
    expect(seen).toHaveLength(1);
    expect(frames.count).toBe(1);
    frames.run();
    expect(seen).toHaveLength(2);
    expect(seen[1]?.message).toMatchObject({ content: 'Hello', reasoning: 'hm', status: 'streaming' });
    expect(seen[1]?.counter).toMatchObject({ firstAt: 1000, lastAt: 1100, contentDeltas: 2, reasoningDeltas: 1 });
  });

  it('ignores other requests, and finish() applies what is still queued', () => {
    const api = createMemoryPlatform();
    const frames = manualFrames();
    const follower = createStreamFollower(api, frames.frame);
    follower.start();
    const follow = follower.follow('mine', () => {});
    api.emit('chat:stream', { requestId: 'other', events: [{ type: 'content', text: 'x' }] });
    api.emit('chat:stream', { requestId: 'mine', events: [{ type: 'content', text: 'a<think>b' }, { type: 'done' }] });
    const final = follow.finish();
    expect(final.message).toMatchObject({ content: 'a', reasoning: 'b', status: 'done' });
    expect(final.raw).toBe('');
    api.emit('chat:stream', { requestId: 'mine', events: [{ type: 'content', text: 'late' }] });
    frames.run();
    expect(final.message.content).toBe('a');
  });

  it('keeps the raw text for completion mode', () => {
    const api = createMemoryPlatform();
    const follower = createStreamFollower(api, () => {});
    follower.start();
    const follow = follower.follow('c', () => {}, { raw: true });
    api.emit('chat:stream', {
      requestId: 'c',
      events: [
        { type: 'content', text: 'x <think>' },
        { type: 'content', text: 'y' },
      ],
    });
    expect(follow.finish().raw).toBe('x <think>y');
  });
});

describe('stream follower and agent runs', () => {
  it('follows the turns of a run: each new turn starts a fresh message, the counter keeps counting', () => {
    const api = createMemoryPlatform();
    const frames: Array<() => void> = [];
    const follower = createStreamFollower(api, (callback) => frames.push(callback));
    follower.start();
    const seen: string[] = [];
    const follow = follower.follow('run1', (snapshot) => seen.push(snapshot.message.content), { turns: true });
    api.emit('chat:stream', { requestId: 'run1:1', events: [{ type: 'content', text: '<tool_call>' }] });
    frames.splice(0).forEach((f) => f());
    api.emit('chat:stream', { requestId: 'run1:2', events: [{ type: 'content', text: 'The answer' }] });
    api.emit('chat:stream', { requestId: 'other:1', events: [{ type: 'content', text: 'not mine' }] });
    frames.splice(0).forEach((f) => f());
    expect(seen).toEqual(['<tool_call>', 'The answer']);
    const final = follow.finish();
    expect(final.message.content).toBe('The answer');
    expect(final.counter.contentDeltas).toBe(2);
  });

  it('a plain follow ignores turn ids', () => {
    const api = createMemoryPlatform();
    const follower = createStreamFollower(api, (callback) => callback());
    follower.start();
    const seen: string[] = [];
    follower.follow('req', (snapshot) => seen.push(snapshot.message.content));
    api.emit('chat:stream', { requestId: 'req:1', events: [{ type: 'content', text: 'x' }] });
    expect(seen).toEqual([]);
  });
});
