// Voice input behind the contract: voice:transcribe turns a WAV from the renderer
// into text with whisper-cli, voice:status says whether that can work right now.
// Runs go one at a time (each loads the model; two large ones at once could
// exhaust memory) and each can be cancelled by its request id.
import type { VoiceSettings, VoiceStatus, VoiceTranscribeInput, VoiceTranscript } from '@shared/audio/voice-schemas';
import { parseWavHeader, type WavInfo } from '@shared/audio/wav';
import { AppFailure } from '@shared/errors';
import type { Launch } from '../process/process-lifecycle';
import { findWhisperCli, whisperCandidates } from './find-whisper';
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
  cancel(requestId: string): { cancelled: boolean };
  status(): Promise<VoiceStatus>;
  /** cancels every queued and running transcription */
  dispose(): void;
}

/** A minute to load even a large model, plus ten times real time (a large model on a slow CPU). */
export function transcribeTimeoutMs(audioMs: number): number {
  return 60_000 + 10 * audioMs;
}

export function createVoiceService(deps: VoiceServiceDeps): VoiceService {
  const running = new Map<string, AbortController>();
  let queue: Promise<unknown> = Promise.resolve();
  let anonymous = 0;

  const binaryMissing = () =>
    `whisper-cli is not built (looked for ${whisperCandidates(deps.binDirs).join(', ')}): run \`npm run backend:build\`.`;

  async function transcribe(input: VoiceTranscribeInput): Promise<VoiceTranscript> {
    const started = performance.now();
    const wav = Buffer.from(input.wavBase64, 'base64');
    const info = readWav(wav);
    const settings = deps.settings();
    const cliPath = await findWhisperCli(deps.binDirs);
    if (!cliPath) throw new AppFailure('backend_missing', binaryMissing(), { reason: 'binary_missing' });
    const model = await checkWhisperModel(settings.modelPath);
    if (model.state !== 'ok') {
      const reason = model.state === 'not_configured' ? 'model_not_configured' : model.state === 'missing' ? 'model_missing' : 'model_invalid';
      throw new AppFailure(model.state === 'invalid' ? 'model_invalid' : 'model_missing', model.problem ?? 'whisper model unusable', { reason, modelPath: settings.modelPath });
    }

    const id = input.requestId ?? `anonymous-${++anonymous}`;
    if (running.has(id)) throw new AppFailure('bad_request', `a transcription with request id ${id} is already running`);
    const controller = new AbortController();
    running.set(id, controller);
    const run = queue.then(() =>
      runWhisper({
        cliPath,
        modelPath: settings.modelPath,
        wav,
        language: input.language ?? settings.language,
        timeoutMs: (deps.timeoutMs ?? transcribeTimeoutMs)(info.durationMs),
        signal: controller.signal,
        launch: deps.launch,
        tempRoot: deps.tempRoot,
      }),
    );
    queue = run.catch(() => undefined);
    try {
      const text = joinSegments(await run);
      return { text, durationMs: Math.round(performance.now() - started), audioMs: Math.round(info.durationMs) };
    } finally {
      running.delete(id);
    }
  }

  return {
    transcribe,
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
      for (const controller of running.values()) controller.abort();
    },
  };
}

function readWav(bytes: Uint8Array): WavInfo {
  let info: WavInfo;
  try {
    info = parseWavHeader(bytes);
  } catch (error) {
    throw new AppFailure('bad_request', `The recording is not a usable WAV file: ${(error as Error).message}.`, { reason: 'audio_invalid' });
  }
  if (info.frames === 0) throw new AppFailure('bad_request', 'The recording is empty.', { reason: 'audio_invalid' });
  return info;
}
