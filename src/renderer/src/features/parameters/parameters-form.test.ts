import { describe, expect, it } from 'vitest';
import { defaultSettings, DEFAULT_SYSTEM_PROMPT } from '@shared/default-settings';
import {
  addTemplate,
  parametersPatch,
  deleteTemplate,
  editTemplate,
  formatStopWords,
  formFromSettings,
  freshTemplateName,
  parseStopWords,
} from './parameters-form';

const chat = () => defaultSettings().chat;

describe('stop words', () => {
  it('round-trip line breaks and backslashes through one-per-line text', () => {
    const words = ['\n\nUser:', '</s>', 'a\\nb', 'tab\there'];
    expect(formatStopWords(words)).toBe('\\n\\nUser:\n</s>\na\\\\nb\ntab\\there');
    expect(parseStopWords(formatStopWords(words))).toEqual(words);
  });

  it('drops empty lines and repeats', () => {
    expect(parseStopWords('a\n\na\nb')).toEqual(['a', 'b']);
  });
});

describe('templates', () => {
  it('select the template whose text is the system prompt', () => {
    expect(formFromSettings(chat())).toMatchObject({
      selected: 0,
      templates: [{ name: 'Default', text: DEFAULT_SYSTEM_PROMPT }],
    });
  });

  it('keep a system prompt that matches no template', () => {
    const form = formFromSettings({ ...chat(), systemPrompt: 'Be brief.' });
    expect(form.templates.map((t) => t.name)).toEqual(['Default', 'Current']);
    expect(form.selected).toBe(1);
  });

  it('add (a copy of the chosen text), rename, delete, but never rename or delete the default', () => {
    let form = addTemplate(formFromSettings(chat()), 'Pirate');
    expect(form.selected).toBe(1);
    form = editTemplate(form, 1, { text: 'Arr.', name: 'Pirate!' });
    expect(form.templates[1]).toEqual({ name: 'Pirate!', text: 'Arr.' });
    expect(editTemplate(form, 0, { name: 'Renamed', text: 'changed' }).templates[0]).toEqual({
      name: 'Default',
      text: 'changed',
    });
    expect(deleteTemplate(form, 0)).toBe(form);
    const deleted = deleteTemplate(form, 1);
    expect(deleted.templates).toHaveLength(1);
    expect(deleted.selected).toBe(0);
  });

  it('finds a fresh name', () => {
    expect(
      freshTemplateName(
        [
          { name: 'Custom', text: '' },
          { name: 'Custom 2', text: '' },
        ],
        'Custom',
      ),
    ).toBe('Custom 3');
  });
});

describe('parametersPatch', () => {
  it('turns the draft into a chat settings patch, the chosen template as system prompt', () => {
    let form = addTemplate(formFromSettings(chat()), 'Short');
    form = editTemplate(form, 1, { text: 'Be brief.' });
    form = {
      ...form,
      userName: ' Ann ',
      stopWords: 'User:',
      sampling: { ...form.sampling, temperature: '1.2', seed: '', max_tokens: '-1' },
    };
    const result = parametersPatch(form, chat());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ systemPrompt: 'Be brief.', userName: 'Ann', stopWords: ['User:'] });
    // The send key is the Hotkeys panel's: this panel never writes it.
    expect(result.value).not.toHaveProperty('sendKey');
    expect(result.value.sampling).toEqual({
      temperature: 1.2,
      top_k: 40,
      top_p: 0.95,
      min_p: 0.05,
      repeat_penalty: 1.1,
      max_tokens: -1,
    });
  });

  it('reports out-of-range and malformed numbers per field', () => {
    const form = formFromSettings(chat());
    const result = parametersPatch(
      { ...form, sampling: { ...form.sampling, temperature: '3', top_k: '1.5', top_p: 'abc' } },
      chat(),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        temperature: { key: 'load.error.max', vars: { max: 2 } },
        top_k: { key: 'load.error.wholeNumber' },
        top_p: { key: 'conventions.error.number' },
      },
    });
  });

  it('refuses loose number text: exponents, hex, junk, infinities and spaces', () => {
    const form = formFromSettings(chat());
    for (const text of ['1e3', '0x10', '12abc', 'Infinity', '1.', '+1']) {
      const result = parametersPatch({ ...form, sampling: { ...form.sampling, top_k: text } }, chat());
      expect(result, text).toEqual({ ok: false, errors: { top_k: { key: 'conventions.error.number' } } });
    }
    expect(parametersPatch({ ...form, sampling: { ...form.sampling, temperature: ' 0.5 ' } }, chat())).toEqual({
      ok: false,
      errors: { temperature: { key: 'load.error.spaces' } },
    });
    const ok = parametersPatch({ ...form, sampling: { ...form.sampling, temperature: '.5', seed: '-1' } }, chat());
    expect(ok.ok && ok.value.sampling).toMatchObject({ temperature: 0.5, seed: -1 });
  });

  it('shows a tiny value without an exponent, so it saves again unchanged', () => {
    const settings = { ...chat(), sampling: { ...chat().sampling, min_p: 1e-7 } };
    const form = formFromSettings(settings);
    expect(form.sampling.min_p).toBe('0.0000001');
    const result = parametersPatch(form, settings);
    expect(result.ok && result.value.sampling?.min_p).toBe(1e-7);
  });

  it('takes the conversation cache budget in whole MB, 0 for off, and refuses anything else', () => {
    const form = formFromSettings(chat());
    expect(form.reopenCacheMb).toBe('4096');
    const off = parametersPatch({ ...form, reopenCacheMb: '0' }, chat());
    expect(off.ok && off.value.reopenCacheMb).toBe(0);
    for (const bad of ['', '-1', '1.5', '1e3', '20000000'])
      expect(parametersPatch({ ...form, reopenCacheMb: bad }, chat())).toMatchObject({
        ok: false,
        errors: { reopenCacheMb: expect.any(Object) },
      });
  });

  it('reads ahead by default, and saves it turned off', () => {
    const form = formFromSettings(chat());
    expect(form.readAhead).toBe(true);
    const off = parametersPatch({ ...form, readAhead: false }, chat());
    expect(off.ok && off.value.readAhead).toBe(false);
  });

  it('keeps a stop list set elsewhere and wants template names', () => {
    const base = { ...chat(), sampling: { ...chat().sampling, stop: ['###'] } };
    const ok = parametersPatch(formFromSettings(base), base);
    expect(ok.ok && ok.value.sampling?.stop).toEqual(['###']);
    const form = addTemplate(formFromSettings(base), ' ');
    expect(parametersPatch(form, base)).toMatchObject({
      ok: false,
      errors: { templateName: { key: 'conventions.error.templateName' } },
    });
  });
});
