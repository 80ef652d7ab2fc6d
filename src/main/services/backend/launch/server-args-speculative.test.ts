// The command line and the key of a launch with speculative decoding: a draft model or n-grams.
import { describe, expect, it } from 'vitest';
import type { LoadSettings } from '@shared/contract';
import { DEFAULT_SPECULATIVE_SETTINGS, type SpeculativeSettings } from '@shared/speculative/speculative-settings';
import { argsInput as input, argsSettings as settings, flags, valueOf } from '@test-support/backend/server-args-input';
import { buildServerArgs, launchKey } from './server-args';
import { speculativeOptions } from './speculative-args';

const spec = (patch: Partial<SpeculativeSettings>): SpeculativeSettings => ({
  ...DEFAULT_SPECULATIVE_SETTINGS,
  ...patch,
});
const draft = spec({ mode: 'draft', draftPath: '/models/qwen-0.5b.gguf' });
const SPEC_FLAGS = ['--spec-type', '--spec-draft-model', '--spec-draft-n-max', '--spec-draft-n-min'];

describe('speculative decoding on the command line', () => {
  it('adds nothing when it is off, whatever the draft fields hold', () => {
    const args = buildServerArgs(input({ speculative: spec({ draftPath: '/models/d.gguf', draftMax: 8 }) }));
    expect(flags(args).filter((flag) => flag.startsWith('--spec'))).toEqual([]);
    expect(buildServerArgs(input())).toEqual(args);
  });

  it('names the draft model with the type that uses it and llama.cpp default draft lengths', () => {
    const args = buildServerArgs(input({ speculative: draft, mmprojPath: '/m/p.gguf' }));
    const at = args.indexOf('--spec-type');
    expect(args.slice(at, at + 8)).toEqual([
      '--spec-type',
      'draft-simple',
      '--spec-draft-model',
      '/models/qwen-0.5b.gguf',
      '--spec-draft-n-max',
      '3',
      '--spec-draft-n-min',
      '0',
    ]);
    // Beside the model's other files, before the attention and loading flags.
    expect(args[at - 2]).toBe('--mmproj');
    expect(args[at + 8]).toBe('-fa');
  });

  it('passes the draft lengths asked for, holding the minimum to the maximum', () => {
    const args = buildServerArgs(input({ speculative: { ...draft, draftMax: 8, draftMin: 2 } }));
    expect([valueOf(args, '--spec-draft-n-max'), valueOf(args, '--spec-draft-n-min')]).toEqual(['8', '2']);
    const held = buildServerArgs(input({ speculative: { ...draft, draftMax: 4, draftMin: 9 } }));
    expect(valueOf(held, '--spec-draft-n-min')).toBe('4');
  });

  it('uses ngram-mod for n-grams, with no draft model even when a path is kept', () => {
    const args = buildServerArgs(input({ speculative: spec({ mode: 'ngram', draftPath: '/models/d.gguf' }) }));
    expect(valueOf(args, '--spec-type')).toBe('ngram-mod');
    expect(flags(args).filter((flag) => SPEC_FLAGS.includes(flag))).toEqual(['--spec-type']);
  });

  it('never writes the options this llama.cpp removed', () => {
    for (const speculative of [draft, spec({ mode: 'ngram' })]) {
      const written = flags(buildServerArgs(input({ speculative })));
      for (const removed of ['--draft', '--draft-max', '--draft-min', '--draft-n', '--draft-n-min'])
        expect(written).not.toContain(removed);
    }
  });

  it('gives the preset the same options without dashes', () => {
    expect(speculativeOptions(undefined)).toEqual([]);
    expect(speculativeOptions(spec({ mode: 'ngram' }))).toEqual([['spec-type', 'ngram-mod']]);
    expect(speculativeOptions(draft).map(([option]) => `--${option}`)).toEqual(SPEC_FLAGS);
  });
});

describe('speculative decoding in the launch key', () => {
  const key = (patch: Partial<LoadSettings>) =>
    launchKey({ settings: settings(patch), backend: 'cpu', host: '127.0.0.1', gpuLayers: 0, userKey: '' });

  it('restarts the server when the mode, the draft or its lengths change', () => {
    const keys = [
      key({}),
      key({ speculative: draft }),
      key({ speculative: { ...draft, draftPath: '/models/other.gguf' } }),
      key({ speculative: { ...draft, draftMax: 8 } }),
      key({ speculative: { ...draft, draftMin: 1 } }),
      key({ speculative: spec({ mode: 'ngram' }) }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the server when only fields the mode does not use change', () => {
    expect(key({ speculative: spec({ draftPath: '/models/d.gguf' }) })).toBe(key({}));
    expect(key({ speculative: spec({ mode: 'ngram', draftMax: 9 }) })).toBe(
      key({ speculative: spec({ mode: 'ngram' }) }),
    );
  });
});
