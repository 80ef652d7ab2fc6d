// The recordings of a voice to imitate (llama-tts --tts-speaker-file), kept in `<data>/voice/`: the page records
// or decodes one and converts it as it does whisper's input (16 kHz mono WAV), and this keeps it under a new name
// each time, so an unsaved choice in the Voice panel never overwrites the recording the settings use. Older ones
// that the settings no longer name are removed when a new one is kept.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_SPEAKER_MS, type TtsSpeakerClip } from '@shared/audio/tts-schemas';
import { AppFailure } from '@shared/errors';
import { writeFileAtomic } from '../../fs/atomic-write';
import { ignoreFailure } from '../../fs/if-exists';
import { readRecording } from '../read-recording';

export interface SpeakerClipsDeps {
  dataDir: string;
  /** the recording settings.tts.speakerPath names now: it is never removed */
  inUse: () => string;
  now?: () => number;
}

const CLIP_NAME = /^speaker-\d+\.wav$/;

/** Where the recordings are kept. */
export function speakerClipDir(dataDir: string): string {
  return join(dataDir, 'voice');
}

/** Keeps `wav` as a new speaker recording; refused when it is no WAV, empty, or longer than MAX_SPEAKER_MS. */
export async function saveSpeakerClip(deps: SpeakerClipsDeps, wav: Uint8Array): Promise<TtsSpeakerClip> {
  const info = readRecording(wav, 'The speaker recording');
  if (info.durationMs > MAX_SPEAKER_MS)
    throw new AppFailure(
      'bad_request',
      `The speaker recording is ${Math.round(info.durationMs / 1000)} s long; at most ${MAX_SPEAKER_MS / 1000} s is kept.`,
      { reason: 'too_long', limitMs: MAX_SPEAKER_MS },
    );
  const dir = speakerClipDir(deps.dataDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `speaker-${(deps.now ?? Date.now)()}.wav`);
  await writeFileAtomic(path, wav, 0o600);
  await ignoreFailure(removeUnused(dir, [path, deps.inUse()]), 'a stale recording left behind costs only disk space');
  return { path, audioMs: Math.round(info.durationMs) };
}

async function removeUnused(dir: string, keep: readonly string[]): Promise<void> {
  const names = await readdir(dir);
  const stale = names.filter((name) => CLIP_NAME.test(name) && !keep.includes(join(dir, name)));
  await Promise.all(stale.map((name) => rm(join(dir, name), { force: true })));
}
