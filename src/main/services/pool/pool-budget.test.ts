import { describe, expect, it } from 'vitest';
import { planLoad } from './pool-budget';

const GiB = 2 ** 30;
const model = (id: string, loaded: boolean, gib: number, lastUsedAt: number | null = null) => ({
  id,
  loaded,
  estimatedBytes: gib * GiB,
  lastUsedAt,
});

describe('planLoad', () => {
  it('unloads nothing while the budget and the count allow', () => {
    expect(planLoad([model('a', true, 2, 1), model('b', false, 2)], 'b', 8 * GiB, 2)).toEqual({ ok: true, unload: [] });
  });

  it('unloads the least recently used first until the new model fits', () => {
    const models = [model('a', true, 3, 30), model('b', true, 3, 10), model('c', true, 1, 20), model('d', false, 3)];
    expect(planLoad(models, 'd', 8 * GiB, 9)).toEqual({ ok: true, unload: ['b'] });
    expect(planLoad(models, 'd', 5 * GiB, 9)).toEqual({ ok: true, unload: ['b', 'c', 'a'] });
  });

  it('keeps within the count of loaded models', () => {
    expect(planLoad([model('a', true, 1, 5), model('b', true, 1, 1), model('c', false, 1)], 'c', 100 * GiB, 2)).toEqual(
      { ok: true, unload: ['b'] },
    );
  });

  it('a model already loaded is used as it is; one larger than the budget is refused in words', () => {
    expect(planLoad([model('a', true, 9, 1)], 'a', 10 * GiB, 1)).toEqual({ ok: true, unload: [] });
    const refused = planLoad([model('a', false, 12)], 'a', 10 * GiB, 1);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.why).toBe("a needs about 12288 MiB, more than the pool's memory budget of 10240 MiB");
    expect(planLoad([], 'x', GiB, 1)).toEqual({ ok: false, why: 'no model "x" in the pool' });
  });
});
