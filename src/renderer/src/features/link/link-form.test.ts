import { describe, expect, it } from 'vitest';
import { LINK_PRESETS } from '@shared/links/link-presets';
import {
  applyPreset,
  checkBaseUrl,
  emptyLinkForm,
  formFromProfile,
  linkSaveInput,
  linkTestInput,
  missingKey,
} from './link-form';

const openai = LINK_PRESETS.find((p) => p.id === 'openai');
const ollama = LINK_PRESETS.find((p) => p.id === 'ollama');
const saved = formFromProfile({
  id: 'L1',
  name: 'Work',
  presetId: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  hasKey: true,
});

describe('presets', () => {
  it('fill URL, model and the default name', () => {
    const form = emptyLinkForm(openai);
    expect(form).toMatchObject({
      presetId: 'openai',
      name: 'OpenAI',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      keyAction: 'replace',
    });
    expect(applyPreset(form, ollama!, LINK_PRESETS)).toMatchObject({
      name: 'Ollama',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: '',
    });
  });

  it('keep a name the user chose', () => {
    expect(applyPreset({ ...emptyLinkForm(openai), name: 'Mine' }, ollama!, LINK_PRESETS).name).toBe('Mine');
  });
});

describe('checkBaseUrl', () => {
  it('wants an http(s) URL', () => {
    expect(checkBaseUrl('')).toEqual({ key: 'link.error.urlRequired' });
    expect(checkBaseUrl('api.openai.com')).toEqual({ key: 'link.error.url' });
    expect(checkBaseUrl('ftp://x')).toEqual({ key: 'link.error.url' });
    expect(checkBaseUrl(' http://127.0.0.1:8080 ')).toBeNull();
    expect(checkBaseUrl('https://api.openai.com/v1')).toBeNull();
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'ftp://example.com',
    'ws://127.0.0.1:8080',
    'data:text/plain,hi',
  ])('refuses %s', (url) => {
    expect(checkBaseUrl(url)).toEqual({ key: 'link.error.url' });
  });

  it('refuses a user name or password in the URL, pointing at the key field', () => {
    expect(checkBaseUrl('http://user:pass@127.0.0.1:8080')).toEqual({ key: 'link.error.urlCredentials' });
    expect(checkBaseUrl('https://token@api.example.com/v1')).toEqual({ key: 'link.error.urlCredentials' });
    expect(linkSaveInput({ ...saved, baseUrl: 'http://user:pass@host' })).toEqual({
      ok: false,
      errors: { baseUrl: { key: 'link.error.urlCredentials' } },
    });
    expect(linkTestInput({ ...saved, baseUrl: 'file:///etc/passwd' })).toEqual({
      ok: false,
      errors: { baseUrl: { key: 'link.error.url' } },
    });
  });
});

describe('linkSaveInput', () => {
  it('reports every missing field at once', () => {
    const result = linkSaveInput({ ...emptyLinkForm(undefined) });
    expect(result).toEqual({
      ok: false,
      errors: { name: { key: 'link.error.nameRequired' }, baseUrl: { key: 'link.error.urlRequired' } },
    });
  });

  it('sends a new key once, trimmed, and a new profile without id', () => {
    const result = linkSaveInput({ ...emptyLinkForm(openai), apiKey: ' sk-1 ', baseUrl: 'https://api.openai.com/v1/' });
    expect(result).toEqual({
      ok: true,
      value: {
        profile: { name: 'OpenAI', presetId: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
        apiKey: 'sk-1',
      },
    });
  });

  it('keeps the stored key by leaving apiKey out, and removes it with null', () => {
    expect(linkSaveInput(saved)).toEqual({
      ok: true,
      value: {
        profile: {
          id: 'L1',
          name: 'Work',
          presetId: 'openai',
          baseUrl: 'https://api.openai.com/v1',
          model: 'gpt-4o-mini',
        },
      },
    });
    const removed = linkSaveInput({ ...saved, keyAction: 'remove' });
    expect(removed.ok && removed.value.apiKey).toBeNull();
  });

  it('asks for the new key when replacing a stored one', () => {
    expect(linkSaveInput({ ...saved, keyAction: 'replace' })).toEqual({
      ok: false,
      errors: { apiKey: { key: 'link.error.keyRequired' } },
    });
  });
});

describe('linkTestInput', () => {
  it('tests with the typed key, else the stored one', () => {
    expect(linkTestInput({ ...saved, keyAction: 'replace', apiKey: 'sk-new' })).toEqual({
      ok: true,
      value: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-new' },
    });
    expect(linkTestInput(saved)).toEqual({ ok: true, value: { baseUrl: 'https://api.openai.com/v1', linkId: 'L1' } });
    expect(linkTestInput({ ...saved, keyAction: 'remove' })).toEqual({
      ok: true,
      value: { baseUrl: 'https://api.openai.com/v1' },
    });
  });

  it('needs a valid URL', () => {
    expect(linkTestInput({ ...saved, baseUrl: 'nope' }).ok).toBe(false);
  });
});

describe('missingKey', () => {
  it('flags presets that need a key when none is stored or typed', () => {
    expect(missingKey(emptyLinkForm(openai), openai)).toBe(true);
    expect(missingKey({ ...emptyLinkForm(openai), apiKey: 'k' }, openai)).toBe(false);
    expect(missingKey(saved, openai)).toBe(false);
    expect(missingKey({ ...saved, keyAction: 'remove' }, openai)).toBe(true);
    expect(missingKey(emptyLinkForm(ollama), ollama)).toBe(false);
  });
});
