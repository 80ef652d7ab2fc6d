import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import {
  canAddSlot,
  entrantKey,
  entrantOf,
  formProblem,
  initialForm,
  joinPrompts,
  splitPrompts,
  startInput,
  withExtraSlot,
  withSlot,
  withoutSlot,
} from './compare-form';

describe('the New comparison form', () => {
  it('splits prompts at a line of three dashes and joins them back the same way', () => {
    expect(splitPrompts('One\n---\n  Two\nlines \n --- \n\n---\n')).toEqual(['One', 'Two\nlines']);
    expect(splitPrompts('a --- b')).toEqual(['a --- b']);
    expect(splitPrompts(joinPrompts(['x', 'y']))).toEqual(['x', 'y']);
  });

  it('keys files and pool models apart', () => {
    expect(entrantOf(entrantKey({ kind: 'file', path: '/m/a:b.gguf' }))).toEqual({ kind: 'file', path: '/m/a:b.gguf' });
    expect(entrantOf(entrantKey({ kind: 'pool', id: 'alpha' }))).toEqual({ kind: 'pool', id: 'alpha' });
    expect(entrantOf('')).toBeNull();
    expect(entrantOf('file:')).toBeNull();
  });

  it('takes two to four models, each a different one, and a prompt', () => {
    let form = initialForm(defaultSettings());
    expect(form.slots).toEqual(['', '']);
    expect(formProblem(form)).toBe('models');
    form = withSlot(withSlot(form, 0, 'file:/m/a.gguf'), 1, 'file:/m/a.gguf');
    expect(formProblem(form)).toBe('duplicate');
    form = withSlot(form, 1, 'pool:beta');
    expect(formProblem(form)).toBe('prompt');
    form = { ...form, prompts: '  ' };
    expect(formProblem(form)).toBe('prompt');
    form = { ...form, prompts: 'Hi' };
    expect(formProblem(form)).toBeNull();
    form = withExtraSlot(withExtraSlot(form));
    expect(form.slots).toHaveLength(4);
    expect(canAddSlot(form)).toBe(false);
    expect(withExtraSlot(form).slots).toHaveLength(4);
    expect(formProblem(form)).toBe('models');
    form = withoutSlot(withoutSlot(form, 3), 2);
    expect(form.slots).toEqual(['file:/m/a.gguf', 'pool:beta']);
    // Two columns at least.
    expect(withoutSlot(form, 1)).toBe(form);
  });

  it('starts with the user’s own system prompt, sampling and context, and sends the form’s figures over them', () => {
    const settings = defaultSettings();
    const form = {
      ...initialForm(settings),
      slots: ['file:/m/a.gguf', 'pool:beta'],
      prompts: 'One\n---\nTwo',
      temperature: 0,
      maxTokens: 64,
      seed: 7,
      contextSize: 1024,
      blind: true,
      oneAfterAnother: true,
    };
    expect(initialForm(settings)).toMatchObject({
      systemPrompt: settings.chat.systemPrompt,
      temperature: 0.6,
      contextSize: 4096,
    });
    expect(startInput(form, settings.chat.sampling)).toEqual({
      entrants: [
        { kind: 'file', path: '/m/a.gguf' },
        { kind: 'pool', id: 'beta' },
      ],
      prompts: ['One', 'Two'],
      settings: {
        systemPrompt: settings.chat.systemPrompt,
        sampling: { ...settings.chat.sampling, temperature: 0, max_tokens: 64, seed: 7 },
        contextSize: 1024,
        blind: true,
        oneAfterAnother: true,
      },
    });
  });
});
