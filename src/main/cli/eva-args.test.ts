import { describe, expect, it } from 'vitest';
import { parseEvaArgs } from './eva-args';

describe("eva's command line", () => {
  it('reads commands and options in any order', () => {
    expect(parseEvaArgs(['ask', 'what', 'is', 'EVA?', '--json', '--max-tokens', '64'])).toEqual({
      ok: true,
      command: { kind: 'ask', question: 'what is EVA?' },
      options: {
        json: true,
        link: null,
        model: null,
        system: null,
        maxTokens: 64,
        dataDir: null,
        yes: false,
        schema: null,
      },
    });
    expect(parseEvaArgs(['--link', 'work', 'ask'])).toMatchObject({
      ok: true,
      command: { kind: 'ask', question: null },
      options: { link: 'work' },
    });
    expect(parseEvaArgs(['history', 'show', 'abc'])).toMatchObject({
      command: { kind: 'history', action: 'show', id: 'abc' },
    });
    expect(parseEvaArgs(['history', 'search', 'two', 'words'])).toMatchObject({
      command: { action: 'search', query: 'two words' },
    });
    expect(parseEvaArgs(['models'])).toMatchObject({ command: { kind: 'models', action: 'status' } });
    expect(parseEvaArgs(['ask', '--', '--not-a-flag'])).toMatchObject({ command: { question: '--not-a-flag' } });
    expect(parseEvaArgs([])).toMatchObject({ ok: true, command: { kind: 'help' } });
    expect(parseEvaArgs(['run', 'fix', 'the', 'tests', '--yes'])).toMatchObject({
      command: { kind: 'run', task: 'fix the tests', resume: false },
      options: { yes: true },
    });
    expect(parseEvaArgs(['run', '--resume'])).toMatchObject({ command: { kind: 'run', task: null, resume: true } });
    expect(parseEvaArgs(['chat', '--overflow', 'compact'])).toMatchObject({
      command: { kind: 'chat' },
      options: { overflow: 'compact' },
    });
    expect(parseEvaArgs(['chat', '--overflow', 'squeeze'])).toEqual({
      ok: false,
      error: '--overflow is one of stop, trim-oldest, rolling-window, compact, not "squeeze"',
    });
    expect(parseEvaArgs(['ask', '--overflow', 'compact', 'hi'])).toEqual({
      ok: false,
      error: '--overflow goes with chat',
    });
    expect(parseEvaArgs(['ask', '--schema', 'person.json', 'Who?'])).toMatchObject({
      command: { kind: 'ask', question: 'Who?' },
      options: { schema: 'person.json' },
    });
  });

  it('says what is wrong with bad usage', () => {
    expect(parseEvaArgs(['fly'])).toEqual({ ok: false, error: 'unknown command "fly"' });
    expect(parseEvaArgs(['ask', '--verbose'])).toEqual({ ok: false, error: 'unknown option --verbose' });
    expect(parseEvaArgs(['ask', '--max-tokens', 'many'])).toEqual({
      ok: false,
      error: '--max-tokens must be a whole number from 1, not "many"',
    });
    expect(parseEvaArgs(['ask', '--link'])).toEqual({ ok: false, error: '--link needs a value' });
    expect(parseEvaArgs(['history', 'show'])).toEqual({ ok: false, error: 'history show needs one conversation id' });
    expect(parseEvaArgs(['models', 'load'])).toEqual({ ok: false, error: 'models load needs one .gguf file' });
    expect(parseEvaArgs(['run'])).toEqual({ ok: false, error: 'run needs a task: eva run "…"' });
    expect(parseEvaArgs(['ask', '--resume', 'q'])).toEqual({ ok: false, error: '--resume goes with run' });
    expect(parseEvaArgs(['ask', '--schema'])).toEqual({ ok: false, error: '--schema needs a value' });
    expect(parseEvaArgs(['chat', '--schema', 'person.json'])).toEqual({ ok: false, error: '--schema goes with ask' });
  });
});
