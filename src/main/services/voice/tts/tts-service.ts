// Read aloud's neural voice behind the contract: voice:tts-check says whether the chosen files make a voice,
// voice:tts-speak turns one sentence into a WAV with llama-tts (queued, at most two sentences ahead),
// voice:tts-stop kills the running synthesis at once and drops the waiting ones.
import type { TtsCheck, TtsSpeakInput, TtsSpeech, TtsVoiceFiles } from '@shared/audio/tts-schemas';
import { AppFailure } from '@shared/errors';
import { TTS_BINARY } from '../../backend/discover-backends';
import { firstExecutable, sideBinaryCandidates } from '../../backend/find-side-binary';
import type { Launch } from '../../process/process-lifecycle';
import { createSpeechQueue, type SpeechQueue } from './speech-queue';
import { checkTtsVoice } from './tts-model-check';
import { runLlamaTts } from './tts-runner';

export interface TtsServiceDeps {
  binDirs: readonly string[];
  /** the process lifecycle's launcher: llama-tts runs through it */
  launch: Launch;
  tempRoot?: string;
  /** CPU threads for llama-tts (default: its own) */
  threads?: number;
  /** a fixed sampling seed, for runs that must repeat (benchmarks); random by default */
  seed?: number;
}

export interface TtsService {
  check(files: TtsVoiceFiles): Promise<TtsCheck>;
  speak(input: TtsSpeakInput): Promise<TtsSpeech>;
  stop(requestId?: string): { stopped: number };
  /** stops every queued and running sentence */
  dispose(): void;
}

/** The paths searched for llama-tts, in order: GPU builds first, as for llama-server and whisper-cli. */
export function llamaTtsCandidates(binDirs: readonly string[]): string[] {
  return sideBinaryCandidates(binDirs, TTS_BINARY);
}

/** The first executable llama-tts among the candidates, or null. */
export function findLlamaTts(binDirs: readonly string[]): Promise<string | null> {
  return firstExecutable(llamaTtsCandidates(binDirs));
}

export function createTtsService(deps: TtsServiceDeps): TtsService {
  const queue: SpeechQueue<TtsSpeech> = createSpeechQueue();

  // The whole sentence is queued at once, file check included: a stop that comes while its files are being
  // looked at still finds it, and nothing starts after a stop.
  const speak = (input: TtsSpeakInput): Promise<TtsSpeech> =>
    queue.push(input.requestId, async (signal) => {
      const voice = await checkTtsVoice(input);
      if (!voice.ok || !voice.architecture || !voice.mmprojPath)
        throw new AppFailure('model_invalid', voice.problem ?? 'These files do not make a voice.', {
          reason: voice.reason ?? 'tts_not_tts_model',
        });
      const binaryPath = await findLlamaTts(deps.binDirs);
      if (!binaryPath)
        throw new AppFailure(
          'backend_missing',
          `llama-tts is not built (looked for ${llamaTtsCandidates(deps.binDirs).join(', ')}): run \`npm run backend:build\`.`,
          { reason: 'tts_binary_missing' },
        );
      const started = performance.now();
      const run = await runLlamaTts({
        binaryPath,
        architecture: voice.architecture,
        modelPath: input.modelPath,
        mmprojPath: voice.mmprojPath,
        text: input.text,
        language: input.language,
        speakerPath: input.speakerPath,
        launch: deps.launch,
        signal,
        threads: deps.threads,
        seed: deps.seed,
        tempRoot: deps.tempRoot,
      });
      return {
        wavBase64: Buffer.from(run.wav.buffer, run.wav.byteOffset, run.wav.byteLength).toString('base64'),
        sampleRate: run.info.sampleRate,
        audioMs: Math.round(run.info.durationMs),
        synthMs: Math.round(performance.now() - started),
      };
    });

  return {
    check: (files) => checkTtsVoice(files),
    speak,
    stop: (requestId) => ({ stopped: queue.stop(requestId) }),
    dispose: () => void queue.stop(),
  };
}
