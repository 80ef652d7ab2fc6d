// The baseline of the voice benchmarks: whisper-cli run the way a user would run
// it by hand, with the app's arguments, on a WAV already on disk. A plain spawn
// (no supervisor, no stderr reader, output to /dev/null), timed from spawn until
// its transcript file has been read.
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { VoiceLanguage } from '@shared/audio/voice-schemas';
import { joinSegments } from '@main/services/voice/transcript-text';
import { whisperArgs } from '@main/services/voice/whisper-args';

export interface DirectWhisper {
  cli: string;
  modelPath: string;
  language: VoiceLanguage;
  /** a folder of the bench's own, for the transcript file */
  dir: string;
}

/** One whisper-cli run on `wavPath`: wall time and the transcript as the app would put it (segments joined). */
export async function runWhisperDirect(whisper: DirectWhisper, wavPath: string): Promise<{ ms: number; text: string }> {
  const outputBase = join(whisper.dir, 'direct-transcript');
  const transcriptPath = `${outputBase}.txt`;
  await rm(transcriptPath, { force: true });
  const started = performance.now();
  const child = spawn(
    whisper.cli,
    whisperArgs({ modelPath: whisper.modelPath, wavPath, outputBase, language: whisper.language }),
    { cwd: whisper.dir, stdio: 'ignore' },
  );
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  // whisper-cli can exit 0 without a transcript (unreadable audio): a missing file fails here.
  const text = await readFile(transcriptPath, 'utf8').catch(() => null);
  const ms = performance.now() - started;
  if (exit.code !== 0 || text === null)
    throw new Error(
      `whisper-cli on ${wavPath} failed (exit ${exit.code ?? exit.signal}, transcript ${text === null ? 'missing' : 'written'})`,
    );
  return { ms, text: joinSegments(text) };
}
