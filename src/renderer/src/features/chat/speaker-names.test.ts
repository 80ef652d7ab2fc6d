import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n';
import { endpointModel, speakerNames } from './speaker-names';

describe('speakerNames', () => {
  const t = createTranslator('en');
  it('calls the user "You" and the assistant by the model, never by the template role names', () => {
    expect(speakerNames(t, 'Qwen2.5 0.5B Instruct')).toEqual({ user: 'You', model: 'Qwen2.5 0.5B Instruct' });
  });
  it('says "Assistant" when no model is known', () => {
    expect(speakerNames(t, null)).toEqual({ user: 'You', model: 'Assistant' });
  });
  it('speaks the UI language', () => {
    expect(speakerNames(createTranslator('zh'), null)).toEqual({ user: '你', model: '助手' });
  });
});

describe('endpointModel', () => {
  it('is the loaded model or the link profile model', () => {
    expect(endpointModel({ kind: 'local', ready: true, model: 'Qwen2.5 0.5B Instruct' })).toBe('Qwen2.5 0.5B Instruct');
    expect(endpointModel({ kind: 'link', name: 'Work', model: 'gpt-4o-mini' })).toBe('gpt-4o-mini');
  });
  it('is null with nothing loaded, a blank link model or a missing link', () => {
    expect(endpointModel({ kind: 'local', ready: false, model: null })).toBeNull();
    expect(endpointModel({ kind: 'link', name: 'Work', model: '  ' })).toBeNull();
    expect(endpointModel({ kind: 'missing' })).toBeNull();
  });
});
