// Voice input behind the contract: voice:transcribe turns a WAV from the renderer
// into text with whisper-cli (voice:transcribe-recording the same for a recording
// the page sent piece by piece while it was made, with voice:append-audio), and
// voice:status says whether that can work right now.
// Runs go one at a time (each loads the model; two large ones at once could
// exhaust memory) and each can be cancelled by its request id.
import {
  MAX_RECORDING_PCM_BYTES,
  type VoiceAppendAudioInput,
  type VoiceLanguage,
  type VoiceSettings,
  type VoiceStatus,
  type VoiceTranscribeInput,
  type VoiceTranscribeRecordingInput,
  type VoiceTranscript,
} from '@shared/audio/voice-schemas';
import { wav16MonoFromPcm } from '@shared/audio/wav';
import { WHISPER_SAMPLE_RATE } from '@shared/audio/whisper-wav';
import { AppFailure } from '@shared/errors';
import type { Launch } from '../process/process-lifecycle';
import { findWhisperCli, whisperCandidates } from './find-whisper';
import { createPendingRecordings } from './pending-recordings';
import { readRecording } from './read-recording';
import { joinSegments } from './transcript-text';
import { checkWhisperModel } from './whisper-model-check';
import { runWhisper } from './whisper-runner';

export interface VoiceServiceDeps {
  binDirs: readonly string[];
  /** the process lifecycle's launcher: whisper-cli runs through it */
  launch: Launch;
  /** the current voice settings (read at every call) */
  settings: () => VoiceSettings;
  tempRoot?: string;
  /** how long a run may take for this much audio (default: transcribeTimeoutMs) */
  timeoutMs?: (audioMs: number) => number;
}

export interface VoiceService {
  transcribe(input: VoiceTranscribeInput): Promise<VoiceTranscript>;
  appendAudio(input: VoiceAppendAudioInput): { bytes: number };
  transcribeRecording(input: VoiceTranscribeRecordingInput): Promise<VoiceTranscript>;
  discardRecording(recordingId: string): { discarded: boolean };
  cancel(requestId: string): { cancelled: boolean };
  status(): Promise<VoiceStatus>;
  /** cancels every queued and running transcription */
  dispose(): void;
}

/** A minute to load even a large model, plus ten times real time (a large model on a slow CPU). */
export function transcribeTimeoutMs(audioMs: number): number {
  return 60_000 + 10 * audioMs;
}

/** A couple of tabs (or windows) recording at once; more means one was left behind. */
const MAX_PENDING_RECORDINGS = 4;
/** The page appends every ~130 ms while it records: a minute of silence means it is gone. */
const PENDING_IDLE_MS = 60_000;

export function createVoiceService(deps: VoiceServiceDeps): VoiceService {
  const running = new Map<string, AbortController>();
  const recordings = createPendingRecordings({
    maxBytes: MAX_RECORDING_PCM_BYTES,
    maxRecordings: MAX_PENDING_RECORDINGS,
    idleMs: PENDING_IDLE_MS,
  });
  let queue: Promise<unknown> = Promise.resolve();
  let anonymous = 0;

  const binaryMissing = () =>
    `whisper-cli is not built (looked for ${whisperCandidates(deps.binDirs).join(', ')}): run \`npm run backend:build\`.`;

  async function transcribe(input: VoiceTranscribeInput): Promise<VoiceTranscript> {
    const started = performance.now();
    const wav = Buffer.from(input.wavBase64, 'base64');
    return transcribeWav(wav, readRecording(wav, 'The recording').durationMs, input, started);
  }

  async function transcribeRecording(input: VoiceTranscribeRecordingInput): Promise<VoiceTranscript> {
    const started = performance.now();
    const pieces = recordings.take(input.recordingId, input.bytes);
    if (input.bytes === 0) throw new AppFailure('bad_request', 'The recording is empty.', { reason: 'audio_invalid' });
    return transcribeWav(
      wav16MonoFromPcm(pieces, WHISPER_SAMPLE_RATE),
      (input.bytes / 2 / WHISPER_SAMPLE_RATE) * 1000,
      input,
      started,
    );
  }

  async function transcribeWav(
    wav: Uint8Array,
    audioMs: number,
    input: { language?: VoiceLanguage; requestId?: string },
    started: number,
  ): Promise<VoiceTranscript> {
    const settings = deps.settings();
    // Both are a few file-system round trips; nothing is started before both have answered.
    const [cliPath, model] = await Promise.all([findWhisperCli(deps.binDirs), checkWhisperModel(settings.modelPath)]);
    if (!cliPath) throw new AppFailure('backend_missing', binaryMissing(), { reason: 'binary_missing' });
    if (model.state !== 'ok') {
      const reason =
        model.state === 'not_configured'
          ? 'model_not_configured'
          : model.state === 'missing'
            ? 'model_missing'
            : 'model_invalid';
      throw new AppFailure(
        model.state === 'invalid' ? 'model_invalid' : 'model_missing',
        model.problem ?? 'whisper model unusable',
        { reason, modelPath: settings.modelPath },
      );
    }

    const id = input.requestId ?? `anonymous-${++anonymous}`;
    if (running.has(id))
      throw new AppFailure('bad_request', `a transcription with request id ${id} is already running`);
    const controller = new AbortController();
    running.set(id, controller);
    let removed: Promise<void> = Promise.resolve();
    const run = queue.then(() =>
      runWhisper({
        cliPath,
        modelPath: settings.modelPath,
        wav,
        language: input.language ?? settings.language,
        timeoutMs: (deps.timeoutMs ?? transcribeTimeoutMs)(audioMs),
        signal: controller.signal,
        launch: deps.launch,
        tempRoot: deps.tempRoot,
        onCleanup: (removal) => (removed = removal),
      }),
    );
    // The answer goes out first; the next run starts once this one's temp folder is gone.
    queue = run.then(
      () => removed,
      () => removed,
    );
    try {
      const text = joinSegments(await run);
      return { text, durationMs: Math.round(performance.now() - started), audioMs: Math.round(audioMs) };
    } finally {
      running.delete(id);
    }
  }

  return {
    transcribe,
    appendAudio: (input) => ({
      bytes: recordings.append(input.recordingId, input.offset, Buffer.from(input.pcmBase64, 'base64')),
    }),
    transcribeRecording,
    discardRecording: (recordingId) => ({ discarded: recordings.discard(recordingId) }),
    cancel(requestId) {
      const controller = running.get(requestId);
      controller?.abort();
      return { cancelled: Boolean(controller) };
    },
    async status() {
      const settings = deps.settings();
      const binaryPath = await findWhisperCli(deps.binDirs);
      const model = await checkWhisperModel(settings.modelPath);
      const problem = binaryPath ? model.problem : binaryMissing();
      return { binaryPath, modelPath: settings.modelPath, model: model.state, language: settings.language, problem };
    },
    dispose() {
      recordings.clear();
      for (const controller of running.values()) controller.abort();
    },
  };
}
