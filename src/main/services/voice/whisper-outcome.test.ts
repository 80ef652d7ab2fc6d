import { describe, expect, it } from 'vitest';
import { AppFailure } from '@shared/errors';
import { judgeWhisperRun, type WhisperRunFacts } from './whisper-outcome';

const base: WhisperRunFacts = {
  stoppedBy: null,
  timeoutMs: 30_000,
  exit: { code: 0, signal: null, spawnError: null },
  stderrTail: [
    'whisper_init_from_file_with_params_no_state: loading model from m.bin',
    'output_txt: saving output to t.txt',
  ],
  transcript: ' hello\n',
  cliPath: '/bin/cpu/whisper-cli',
  modelPath: '/models/m.bin',
};

const failure = (facts: Partial<WhisperRunFacts>): AppFailure => {
  const verdict = judgeWhisperRun({ ...base, ...facts });
  if (verdict.ok) throw new Error(`expected a failure, got ${JSON.stringify(verdict)}`);
  return verdict.failure;
};

describe('judgeWhisperRun', () => {
  it('a clean exit with a transcript file is a success', () => {
    expect(judgeWhisperRun(base)).toEqual({ ok: true, transcript: ' hello\n' });
  });

  it('exit 0 without a transcript, after "failed to read audio", is unreadable audio, not success', () => {
    const error = failure({
      transcript: null,
      stderrTail: ["error: failed to read audio file '/tmp/x/recording.wav'"],
    });
    expect(error.code).toBe('bad_request');
    expect(error.details?.reason).toBe('audio_invalid');
  });

  it('exit 0 without a transcript and no explanation is still a failure', () => {
    expect(failure({ transcript: null }).message).toMatch(/without writing a transcript/);
  });

  it('a loader complaint with a failing exit is an invalid model', () => {
    const error = failure({
      exit: { code: 3, signal: null, spawnError: null },
      stderrTail: ['whisper_model_load: invalid model data (bad magic)', 'error: failed to initialize whisper context'],
      transcript: null,
    });
    expect(error.code).toBe('model_invalid');
    expect(error.message).toContain('/models/m.bin');
  });

  it('unknown language exits 0 with no output: reported as such', () => {
    expect(failure({ transcript: null, stderrTail: ["error: unknown language 'xx'"] }).message).toMatch(/language/);
  });

  it('our own timeout and cancel win over whatever the killed process left behind', () => {
    const killed = { code: null, signal: 'SIGTERM' as const, spawnError: null };
    expect(failure({ stoppedBy: 'timeout', exit: killed }).details?.reason).toBe('timeout');
    expect(failure({ stoppedBy: 'timeout', exit: killed }).message).toMatch(/longer than 30 s/);
    expect(failure({ stoppedBy: 'cancel', exit: killed }).details?.reason).toBe('cancelled');
  });

  it('killed from outside vs crashed', () => {
    expect(failure({ exit: { code: null, signal: 'SIGKILL', spawnError: null } }).details?.reason).toBe('killed');
    const crash = failure({ exit: { code: null, signal: 'SIGABRT', spawnError: null } });
    expect(crash.details?.reason).toBe('failed');
    expect(crash.message).toMatch(/crashed \(SIGABRT\)/);
  });

  it('a binary that cannot start points at the build command', () => {
    const error = failure({ exit: { code: null, signal: null, spawnError: 'spawn /bin/cpu/whisper-cli EACCES' } });
    expect(error.code).toBe('backend_not_executable');
    expect(error.message).toMatch(/npm run backend:build/);
  });

  it('any other failing exit carries the stderr tail', () => {
    const error = failure({
      exit: { code: 10, signal: null, spawnError: null },
      stderrTail: ['whisper-cli: failed to process audio'],
    });
    expect(error.code).toBe('backend_failed');
    expect(error.details?.stderrTail).toEqual(['whisper-cli: failed to process audio']);
  });
});
