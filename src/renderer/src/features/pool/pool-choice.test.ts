import { describe, expect, it } from 'vitest';
import type { PoolStatus } from '@shared/pool/pool-types';
import { NEW_CONVERSATION, poolModelFor } from './pool-choice';

const model = (id: string, state: 'loaded' | 'unloaded') => ({
  id,
  path: `/m/${id}.gguf`,
  state,
  port: null,
  estimatedBytes: 1,
  lastUsedAt: null,
  error: null,
});
const ready: PoolStatus = {
  state: 'ready',
  port: 1,
  pid: 1,
  models: [model('a', 'unloaded'), model('b', 'loaded')],
  maxLoaded: 2,
  budgetBytes: 10,
  usedBytes: 1,
  error: null,
  restart: null,
};

describe('poolModelFor', () => {
  it('no pool, no model: the single loaded model answers', () => {
    expect(poolModelFor(null, { byConversation: {}, lastPicked: null }, 'c1')).toBeNull();
    expect(
      poolModelFor({ ...ready, state: 'stopped' }, { byConversation: { c1: 'a' }, lastPicked: 'a' }, 'c1'),
    ).toBeNull();
  });

  it('the conversation’s own pick, else the last pick, else a loaded model, else the first', () => {
    expect(poolModelFor(ready, { byConversation: { c1: 'a' }, lastPicked: 'b' }, 'c1')).toBe('a');
    expect(poolModelFor(ready, { byConversation: { c1: 'a' }, lastPicked: 'b' }, 'c2')).toBe('b');
    expect(poolModelFor(ready, { byConversation: {}, lastPicked: null }, null)).toBe('b');
    expect(
      poolModelFor(
        { ...ready, models: [model('a', 'unloaded'), model('b', 'unloaded')] },
        { byConversation: {}, lastPicked: null },
        null,
      ),
    ).toBe('a');
    expect(poolModelFor(ready, { byConversation: { [NEW_CONVERSATION]: 'a' }, lastPicked: 'b' }, null)).toBe('a');
  });

  it('a pick the pool no longer has is passed over', () => {
    expect(poolModelFor(ready, { byConversation: { c1: 'gone' }, lastPicked: 'gone' }, 'c1')).toBe('b');
  });
});
