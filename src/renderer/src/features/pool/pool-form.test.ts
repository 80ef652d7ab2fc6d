import { describe, expect, it } from 'vitest';
import { poolFormFrom, poolSettingsFrom } from './pool-form';

describe('pool form', () => {
  it('starts from the saved pool, else the recent models', () => {
    expect(poolFormFrom(undefined, ['/m/a.gguf', '/m/b.gguf'])).toEqual({
      files: '/m/a.gguf\n/m/b.gguf',
      maxLoaded: '2',
      budgetMiB: '0',
      idleMinutes: '30',
    });
    expect(
      poolFormFrom(
        { models: [{ path: '/m/c.gguf', contextSize: 0 }], maxLoaded: 3, memoryBudgetMiB: 900, idleUnloadMinutes: 0 },
        ['/m/a.gguf'],
      ).files,
    ).toBe('/m/c.gguf');
  });

  it('one file per line, blank lines skipped; whole numbers only', () => {
    expect(
      poolSettingsFrom({ files: ' /m/a.gguf \n\n/m/b.gguf', maxLoaded: '2', budgetMiB: '0', idleMinutes: '5' }),
    ).toEqual({
      ok: true,
      settings: {
        models: [
          { path: '/m/a.gguf', contextSize: 0 },
          { path: '/m/b.gguf', contextSize: 0 },
        ],
        maxLoaded: 2,
        memoryBudgetMiB: 0,
        idleUnloadMinutes: 5,
      },
    });
    expect(poolSettingsFrom({ files: '\n ', maxLoaded: '2', budgetMiB: '0', idleMinutes: '5' })).toEqual({
      ok: false,
      field: 'files',
    });
    expect(poolSettingsFrom({ files: '/m/a.gguf', maxLoaded: '0', budgetMiB: '0', idleMinutes: '5' })).toEqual({
      ok: false,
      field: 'maxLoaded',
    });
    expect(poolSettingsFrom({ files: '/m/a.gguf', maxLoaded: '2', budgetMiB: '1.5', idleMinutes: '5' })).toEqual({
      ok: false,
      field: 'budgetMiB',
    });
    expect(poolSettingsFrom({ files: '/m/a.gguf', maxLoaded: '2', budgetMiB: '0', idleMinutes: 'soon' })).toEqual({
      ok: false,
      field: 'idleMinutes',
    });
  });
});
