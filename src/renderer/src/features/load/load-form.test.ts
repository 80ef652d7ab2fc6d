import { describe, expect, it } from 'vitest';
import { LoadSettingsSchema, type LoadSettings } from '@shared/contract';
import { memoryDefaultSettings } from '../../platform/memory-platform';
import {
  contextBeyondTraining,
  formFromSettings,
  inspectKey,
  settingsFromForm,
  type LoadForm,
  contextFromRecommendation,
} from './load-form';
import { logTailOf } from './log-tail';
import { DEFAULT_SPECULATIVE_SETTINGS } from '@shared/speculative/speculative-settings';

const base: LoadSettings = { ...memoryDefaultSettings().load, modelPath: '/m/model.gguf' };
const form = (patch: Partial<LoadForm> = {}): LoadForm => ({ ...formFromSettings(base), ...patch });

describe('formFromSettings / settingsFromForm', () => {
  it('round-trips the saved settings unchanged', () => {
    const result = settingsFromForm(formFromSettings(base), base);
    expect(result).toEqual({ ok: true, value: base, load: base });
  });

  it('shows auto values as empty fields', () => {
    const f = formFromSettings({ ...base, port: null, threads: 0, gpuLayers: 'auto' });
    expect(f.port).toBe('');
    expect(f.threads).toBe('');
    expect(f.gpuLayers).toBe('auto');
  });

  it('maps empty port to null, empty threads to 0 and empty gpu layers to auto', () => {
    const result = settingsFromForm(form({ port: ' ', threads: '', gpuLayers: '' }), base);
    expect(result.ok && result.value).toMatchObject({ port: null, threads: 0, gpuLayers: 'auto' });
  });

  it('parses numbers and accepts "AUTO" in any case', () => {
    const result = settingsFromForm(form({ port: '8081', contextSize: '8192', gpuLayers: '33', threads: '8' }), base);
    expect(result.ok && result.value).toMatchObject({ port: 8081, contextSize: 8192, gpuLayers: 33, threads: 8 });
    const auto = settingsFromForm(form({ gpuLayers: 'AUTO' }), base);
    expect(auto.ok && auto.value.gpuLayers).toBe('auto');
  });

  it('produces settings that satisfy the contract schema', () => {
    const result = settingsFromForm(
      form({ exposeOnNetwork: true, apiKey: 'k', flashAttention: 'on', loraPath: ' /l.gguf ' }),
      base,
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(LoadSettingsSchema.parse(result.value)).toEqual(result.value);
      expect(result.value.loraPath).toBe('/l.gguf');
    }
  });

  it('reports every bad field at once, with readable keys', () => {
    const result = settingsFromForm(
      form({ modelPath: '  ', contextSize: '4k', batchSize: '0', parallel: '', gpuLayers: 'all', port: '-1' }),
      base,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      modelPath: { key: 'load.error.modelRequired' },
      contextSize: { key: 'load.error.wholeNumber' },
      batchSize: { key: 'load.error.min', vars: { min: 1 } },
      parallel: { key: 'load.error.required' },
      gpuLayers: { key: 'load.error.gpuLayers' },
      port: { key: 'load.error.min', vars: { min: 0 } },
    });
  });

  it('takes limits from the contract schema, including inside the gpuLayers union', () => {
    const result = settingsFromForm(form({ contextSize: '99999999', gpuLayers: '10001', parallel: '257' }), base);
    expect(!result.ok && result.errors).toEqual({
      contextSize: { key: 'load.error.max', vars: { max: 4_194_304 } },
      gpuLayers: { key: 'load.error.max', vars: { max: 10_000 } },
      parallel: { key: 'load.error.max', vars: { max: 256 } },
    });
  });

  it('refuses loose number text in every number field: spaces, exponents, hex, trailing junk', () => {
    for (const field of ['contextSize', 'threads', 'batchSize', 'parallel', 'port', 'gpuLayers'] as const) {
      for (const text of [' 12 ', '12 ', '1e3', '0x10', '12abc', '0b11', 'Infinity']) {
        const result = settingsFromForm(form({ [field]: text }), base);
        expect(result.ok, `${field}=${JSON.stringify(text)}`).toBe(false);
      }
      const spaced = settingsFromForm(form({ [field]: ' 12 ' }), base);
      expect(!spaced.ok && spaced.errors[field]).toEqual({ key: 'load.error.spaces' });
    }
  });

  it('rejects decimals and exponents rather than rounding them', () => {
    for (const text of ['1.5', '1e3', '0x10', '+4']) {
      const result = settingsFromForm(form({ threads: text }), base);
      expect(!result.ok && result.errors.threads, text).toEqual({ key: 'load.error.wholeNumber' });
    }
  });

  it('reports text limits the schema enforces', () => {
    const result = settingsFromForm(form({ mmprojPath: 'x'.repeat(4097) }), base);
    expect(!result.ok && result.errors.mmprojPath?.key).toBe('load.error.invalid');
  });
});

describe("the local server's API key in the form", () => {
  const loadOf = (f: ReturnType<typeof form>) => {
    const result = settingsFromForm(f, base);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result;
  };

  it('never saves the key with the settings; a typed key goes to backend:load only', () => {
    const result = loadOf(form({ exposeOnNetwork: true, apiKey: ' lan-key ', keyAction: 'replace' }));
    expect(result.value).not.toHaveProperty('apiKey');
    expect(JSON.stringify(result.value)).not.toContain('lan-key');
    expect(result.load).toMatchObject({ apiKey: 'lan-key', exposeOnNetwork: true });
  });

  it('keeps a stored key unless told to remove it', () => {
    const stored = formFromSettings(base, { hasKey: true });
    expect(stored).toMatchObject({ hasKey: true, keyAction: 'keep', apiKey: '' });
    expect(loadOf(stored).load).not.toHaveProperty('apiKey');
    expect(loadOf({ ...stored, keyAction: 'replace' }).load).not.toHaveProperty('apiKey');
    expect(loadOf({ ...stored, keyAction: 'remove' }).load).toMatchObject({ apiKey: null });
  });

  it('refuses to expose the server with no key, and a key a client could not send', () => {
    const exposed = (patch: Partial<ReturnType<typeof form>>) =>
      settingsFromForm(form({ exposeOnNetwork: true, ...patch }), base);
    const errorOf = (result: ReturnType<typeof exposed>) => (!result.ok ? result.errors.apiKey?.key : undefined);
    expect(errorOf(exposed({ apiKey: '', hasKey: false, keyAction: 'replace' }))).toBe('load.error.exposeNeedsKey');
    expect(errorOf(exposed({ apiKey: '', hasKey: true, keyAction: 'remove' }))).toBe('load.error.exposeNeedsKey');
    expect(errorOf(exposed({ apiKey: 'two words', keyAction: 'replace' }))).toBe('load.error.apiKeyText');
    expect(errorOf(exposed({ apiKey: 'Ωmega', keyAction: 'replace' }))).toBe('load.error.apiKeyText');
    expect(errorOf(exposed({ apiKey: 'x'.repeat(513), keyAction: 'replace' }))).toBe('load.error.max');
    expect(exposed({ apiKey: '', hasKey: true, keyAction: 'keep' }).ok).toBe(true);
  });
});

describe('inspectKey', () => {
  it('changes only with the fields the estimate depends on', () => {
    expect(inspectKey(form())).toBe(inspectKey(form({ contextSize: '1', port: '9' })));
    expect(inspectKey(form())).not.toBe(inspectKey(form({ backend: 'cpu' })));
    expect(inspectKey(form())).not.toBe(inspectKey(form({ mmprojPath: '/p.gguf' })));
    expect(inspectKey(form())).toBe(inspectKey(form({ modelPath: ' /m/model.gguf ' })));
  });
});

describe('logTailOf', () => {
  it('reads the string[] the core sends and tolerates a string', () => {
    expect(logTailOf({ code: 'backend_failed', message: 'x', details: { logTail: ['a', 'b', 3] } })).toEqual([
      'a',
      'b',
    ]);
    expect(logTailOf({ code: 'backend_failed', message: 'x', details: { logTail: 'a\r\nb' } })).toEqual(['a', 'b']);
    expect(logTailOf({ code: 'backend_failed', message: 'x' })).toEqual([]);
  });
});

describe('contextBeyondTraining', () => {
  it('names the trained context when the form asks for more, else null', () => {
    expect(contextBeyondTraining('4096', 2048)).toBe(2048);
    expect(contextBeyondTraining('2048', 2048)).toBeNull();
    expect(contextBeyondTraining('1024', 2048)).toBeNull();
    // 0 is "the model's own"; unknown or invalid input says nothing.
    expect(contextBeyondTraining('0', 2048)).toBeNull();
    expect(contextBeyondTraining('4096', null)).toBeNull();
    expect(contextBeyondTraining('4096', 0)).toBeNull();
    expect(contextBeyondTraining('abc', 2048)).toBeNull();
  });
});

describe('contextFromRecommendation', () => {
  const recommended = {
    tokens: 2048,
    trained: 2048,
    memoryAllows: 32_768,
    memory: 'ram' as const,
    kvBytesPerToken: 512,
    limit: 'trained' as const,
  };
  const saved = { modelPath: '/m/old.gguf', contextSize: 4096 };

  it('puts the recommendation in the field for a model other than the saved one', () => {
    expect(
      contextFromRecommendation({ modelPath: '/m/new.gguf', contextSize: '4096' }, saved, recommended, false),
    ).toBe('2048');
  });

  it('keeps a value the user typed, the saved model with its saved context, and a field that already says it', () => {
    expect(
      contextFromRecommendation({ modelPath: '/m/new.gguf', contextSize: '8192' }, saved, recommended, true),
    ).toBeNull();
    expect(
      contextFromRecommendation({ modelPath: '/m/old.gguf', contextSize: '4096' }, saved, recommended, false),
    ).toBeNull();
    expect(
      contextFromRecommendation({ modelPath: '/m/new.gguf', contextSize: '2048' }, saved, recommended, false),
    ).toBeNull();
    expect(
      contextFromRecommendation({ modelPath: '/m/new.gguf', contextSize: '4096' }, saved, undefined, false),
    ).toBeNull();
  });
});

describe('speculative decoding in the load form', () => {
  it('travels with the rest of the load form, and its errors stop the load', () => {
    expect(base.speculative).toEqual(DEFAULT_SPECULATIVE_SETTINGS);
    const loadForm = { ...formFromSettings(base), specMode: 'draft' as const, specDraftPath: ' /m/d.gguf ' };
    expect(settingsFromForm(loadForm, base)).toMatchObject({
      ok: true,
      value: { speculative: { mode: 'draft', draftPath: '/m/d.gguf', draftMax: 3, draftMin: 0 } },
    });
    expect(settingsFromForm({ ...loadForm, specDraftMax: 'x' }, base)).toEqual({
      ok: false,
      errors: { specDraftMax: { key: 'load.error.wholeNumber' } },
    });
  });
});
