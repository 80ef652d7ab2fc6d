import { describe, expect, it } from 'vitest';
import type { PoolModelStatus } from '@shared/pool/pool-types';
import { planSchedule } from './compare-schedule';

const GiB = 2 ** 30;
const file = (columnId: string, gib: number) => ({ columnId, kind: 'file' as const, estimatedBytes: gib * GiB });
const pooled = (
  id: string,
  state: PoolModelStatus['state'],
  gib: number,
  lastUsedAt: number | null = null,
): PoolModelStatus => ({
  id,
  path: `/m/${id}.gguf`,
  state,
  port: state === 'loaded' ? 9000 : null,
  estimatedBytes: gib * GiB,
  lastUsedAt,
  error: null,
});

describe('planSchedule', () => {
  it('runs the models together when they fit in the memory free now', () => {
    expect(planSchedule({ entrants: [file('a', 2), file('b', 3)], freeBytes: 5 * GiB, pool: null })).toEqual({
      mode: 'parallel',
      reason: 'fits',
      neededBytes: 5 * GiB,
      freeBytes: 5 * GiB,
      estimates: [
        { columnId: 'a', bytes: 2 * GiB },
        { columnId: 'b', bytes: 3 * GiB },
      ],
      tooLarge: [],
    });
  });

  it('one after another when together they need more, and names a model too large even alone', () => {
    const schedule = planSchedule({
      entrants: [file('a', 2), file('b', 3), file('c', 7)],
      freeBytes: 6 * GiB,
      pool: null,
    });
    expect(schedule).toMatchObject({ mode: 'sequential', reason: 'memory', neededBytes: 12 * GiB, tooLarge: ['c'] });
    expect(planSchedule({ entrants: [file('a', 4), file('b', 3)], freeBytes: 6 * GiB, pool: null }).mode).toBe(
      'sequential',
    );
  });

  it('one after another when the user chose it, though they fit; memory comes first as the reason', () => {
    const entrants = [file('a', 2), file('b', 3)];
    expect(planSchedule({ entrants, freeBytes: 9 * GiB, pool: null, oneAfterAnother: true })).toMatchObject({
      mode: 'sequential',
      reason: 'chosen',
      neededBytes: 5 * GiB,
    });
    expect(planSchedule({ entrants, freeBytes: 4 * GiB, pool: null, oneAfterAnother: true }).reason).toBe('memory');
  });

  it('counts a pool model already loaded as nothing more, one to load at its estimate', () => {
    const pool = {
      models: [pooled('x', 'loaded', 4), pooled('y', 'unloaded', 2)],
      budgetBytes: 10 * GiB,
      maxLoaded: 3,
    };
    const entrants = [
      { columnId: 'a', kind: 'pool' as const, model: pool.models[0]! },
      { columnId: 'b', kind: 'pool' as const, model: pool.models[1]! },
      file('c', 1),
    ];
    expect(planSchedule({ entrants, freeBytes: 3 * GiB, pool })).toMatchObject({
      mode: 'parallel',
      neededBytes: 3 * GiB,
      estimates: [
        { columnId: 'a', bytes: 0 },
        { columnId: 'b', bytes: 2 * GiB },
        { columnId: 'c', bytes: GiB },
      ],
    });
  });

  it('one after another when the pool would unload one of the compared models to load another', () => {
    const models = [pooled('x', 'loaded', 4, 1), pooled('y', 'unloaded', 4)];
    const entrants = models.map((model, index) => ({ columnId: 'ab'[index]!, kind: 'pool' as const, model }));
    // The machine has room, but the pool's budget holds one of them at a time.
    expect(
      planSchedule({ entrants, freeBytes: 64 * GiB, pool: { models, budgetBytes: 6 * GiB, maxLoaded: 2 } }),
    ).toMatchObject({
      mode: 'sequential',
      reason: 'pool',
    });
    // Its count of loaded models too.
    expect(
      planSchedule({ entrants, freeBytes: 64 * GiB, pool: { models, budgetBytes: 60 * GiB, maxLoaded: 1 } }).reason,
    ).toBe('pool');
    // An unrelated loaded model is what the pool unloads instead: they still run together.
    const others = [...models, pooled('z', 'loaded', 4, 0)];
    expect(
      planSchedule({ entrants, freeBytes: 64 * GiB, pool: { models: others, budgetBytes: 9 * GiB, maxLoaded: 2 } })
        .mode,
    ).toBe('parallel');
  });
});
