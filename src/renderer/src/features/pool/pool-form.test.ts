import { describe, expect, it } from 'vitest';
import { poolFormFrom, poolSettingsFrom, type PoolForm } from './pool-form';

const typed = (patch: Partial<PoolForm>): PoolForm => ({
  files: '/m/a.gguf',
  maxLoaded: '2',
  budgetMiB: '0',
  idleMinutes: '5',
  speculative: {},
  ...patch,
});
const draftForm = { specMode: 'draft' as const, specDraftPath: '/m/small.gguf', specDraftMax: '8', specDraftMin: '1' };

describe('pool form', () => {
  it('starts from the saved pool, else the recent models', () => {
    expect(poolFormFrom(undefined, ['/m/a.gguf', '/m/b.gguf'])).toEqual({
      files: '/m/a.gguf\n/m/b.gguf',
      maxLoaded: '2',
      budgetMiB: '0',
      idleMinutes: '30',
      speculative: {},
    });
    expect(
      poolFormFrom(
        { models: [{ path: '/m/c.gguf', contextSize: 0 }], maxLoaded: 3, memoryBudgetMiB: 900, idleUnloadMinutes: 0 },
        ['/m/a.gguf'],
      ).files,
    ).toBe('/m/c.gguf');
  });

  it('one file per line, blank lines skipped; whole numbers only', () => {
    expect(poolSettingsFrom(typed({ files: ' /m/a.gguf \n\n/m/b.gguf', idleMinutes: '5' }))).toEqual({
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
    expect(poolSettingsFrom(typed({ files: '\n ', maxLoaded: '2', budgetMiB: '0', idleMinutes: '5' }))).toEqual({
      ok: false,
      field: 'files',
    });
    expect(poolSettingsFrom(typed({ files: '/m/a.gguf', maxLoaded: '0', budgetMiB: '0', idleMinutes: '5' }))).toEqual({
      ok: false,
      field: 'maxLoaded',
    });
    expect(poolSettingsFrom(typed({ files: '/m/a.gguf', maxLoaded: '2', budgetMiB: '1.5', idleMinutes: '5' }))).toEqual(
      {
        ok: false,
        field: 'budgetMiB',
      },
    );
    expect(
      poolSettingsFrom(typed({ files: '/m/a.gguf', maxLoaded: '2', budgetMiB: '0', idleMinutes: 'soon' })),
    ).toEqual({
      ok: false,
      field: 'idleMinutes',
    });
  });

  it('gives each file its own speculative decoding, kept by path and saved only when on', () => {
    const settings = poolSettingsFrom(
      typed({
        files: '/m/a.gguf\n /m/b.gguf \n/m/c.gguf',
        speculative: {
          '/m/a.gguf': draftForm,
          '/m/b.gguf': { ...draftForm, specMode: 'ngram', specDraftMax: 'half' },
          '/m/gone.gguf': draftForm,
        },
      }),
    );
    expect(settings.ok && settings.settings.models).toEqual([
      {
        path: '/m/a.gguf',
        contextSize: 0,
        speculative: { mode: 'draft', draftPath: '/m/small.gguf', draftMax: 8, draftMin: 1 },
      },
      {
        path: '/m/b.gguf',
        contextSize: 0,
        speculative: { mode: 'ngram', draftPath: '/m/small.gguf', draftMax: 3, draftMin: 0 },
      },
      { path: '/m/c.gguf', contextSize: 0 },
    ]);
    const saved = poolFormFrom(settings.ok ? settings.settings : undefined, []);
    expect(saved.speculative['/m/a.gguf']).toEqual(draftForm);
    expect(saved.speculative['/m/b.gguf']?.specMode).toBe('ngram');
    expect(saved.speculative['/m/c.gguf']).toBeUndefined();
  });

  it('names the file whose draft fields are wrong', () => {
    expect(poolSettingsFrom(typed({ speculative: { '/m/a.gguf': { ...draftForm, specDraftPath: ' ' } } }))).toEqual({
      ok: false,
      field: 'speculative',
      path: '/m/a.gguf',
      errors: { specDraftPath: { key: 'load.error.draftRequired' } },
    });
  });
});
