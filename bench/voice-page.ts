// F2 voice input as the user meets it, timed in the page's own clock: Chromium's
// fake microphone plays a WAV, F2 starts the recording, F2 stops it, and the
// clock runs until the transcript is in the chat input. An init script notes the
// stop key, the request that asks for the transcript leaving the page
// (voice:transcribe-recording after a recording streamed with voice:append-audio,
// or voice:transcribe with the whole WAV), its result arriving, the moment the
// input's value is set and the frame after it, so the total can be split into
// renderer, transport + core, and insertion.
import { chromium, type Browser, type Page } from '@playwright/test';
import type {
  VoiceAppendAudioInput,
  VoiceTranscribeInput,
  VoiceTranscribeRecordingInput,
  VoiceTranscript,
} from '@shared/audio/voice-schemas';
import { wav16MonoFromPcm } from '@shared/audio/wav';
import { WHISPER_SAMPLE_RATE } from '@shared/audio/whisper-wav';

/**
 * bench/browser.ts's Chromium, plus a fake microphone that loops `wavPath` (read at launch, so it must exist first).
 */
export function launchWithFakeMicrophone(wavPath: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.EVA_CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavPath}`,
    ],
  });
}

/**
 * Installed before the app's scripts, so its listeners and hooks come first:
 * - a capture-phase keydown listener on window (the app's own hotkey listener is
 *   also there and stops propagation, so document would never hear F2);
 * - WebSocket.prototype.send and a message listener, for the frame that asks for
 *   the transcript and its result (only the first 100 characters are looked at;
 *   frames are kept by reference, the voice:append-audio ones too, so the WAV
 *   whisper got can be put together again);
 * - the textarea value setter: React writes the draft into the box with it (no
 *   input event), so the first non-empty value set after the stop is the moment
 *   the words are in the box; the next animation frame is when they are painted.
 */
export const VOICE_PROBE = `
(() => {
  const probe = window.__evaVoice = { armed: false, appended: [], stopAt: null, sentAt: null, sent: null, sentId: null, resultAt: null, result: null, valueAt: null, value: null, paintAt: null, done: null };
  probe.reset = () => { probe.appended = []; };
  probe.arm = () => Object.assign(probe, { armed: true, stopAt: null, sentAt: null, sent: null, sentId: null, resultAt: null, result: null, valueAt: null, value: null, paintAt: null, done: null });
  probe.finished = () => new Promise((resolve) => { if (probe.paintAt !== null) resolve(); else probe.done = resolve; });
  window.addEventListener('keydown', (event) => {
    if (probe.armed && probe.stopAt === null && event.key === 'F2') probe.stopAt = performance.now();
  }, true);
  const nativeSend = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const head = typeof data === 'string' ? data.slice(0, 100) : '';
    const channel = /"channel":"([^"]+)"/.exec(head)?.[1];
    if (channel === 'voice:append-audio') probe.appended.push(data);
    else if (probe.armed && probe.sentAt === null && (channel === 'voice:transcribe' || channel === 'voice:transcribe-recording')) {
      probe.sentAt = performance.now();
      probe.sent = data;
      probe.sentId = Number(/"id":(\\d+)/.exec(head)[1]);
    }
    return nativeSend.call(this, data);
  };
  const NativeSocket = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new NativeSocket(...args);
    socket.addEventListener('message', (event) => {
      if (probe.sentId === null || probe.resultAt !== null || typeof event.data !== 'string') return;
      if (event.data.startsWith('{"type":"result","id":' + probe.sentId + ',')) {
        probe.resultAt = performance.now();
        probe.result = event.data;
      }
    });
    return socket;
  };
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket.prototype = NativeSocket.prototype;
  const value = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
  Object.defineProperty(HTMLTextAreaElement.prototype, 'value', {
    configurable: true,
    enumerable: value.enumerable,
    get: value.get,
    set(next) {
      value.set.call(this, next);
      if (!probe.armed || probe.stopAt === null || probe.valueAt !== null || this.dataset.testid !== 'chat-input' || String(next) === '') return;
      probe.valueAt = performance.now();
      probe.value = String(next);
      requestAnimationFrame(() => {
        probe.paintAt = performance.now();
        probe.armed = false;
        if (probe.done) probe.done();
      });
    },
  });
})();
`;

interface ProbeState {
  appended: string[];
  stopAt: number | null;
  sentAt: number | null;
  sent: string | null;
  resultAt: number | null;
  result: string | null;
  valueAt: number | null;
  value: string | null;
  paintAt: number | null;
}

/** One recording, as the page saw it (times in ms after the F2 that stopped it). */
export interface PageVoiceRun {
  /** stop → the transcript in the input's value: the measurement */
  toValueMs: number;
  /** stop → the next animation frame after that (painted) */
  toPaintMs: number;
  /** stop → the transcript asked for: capture finished, the request built and sent */
  toSentMs: number;
  /** sent → its result received: WebSocket both ways, the host, the core, whisper-cli */
  roundTripMs: number;
  /** result received → the value set: the recorder store, the draft, React */
  insertMs: number;
  /** the exact WAV whisper got: the one the page sent, or its streamed pieces under the core's header */
  wav: Uint8Array;
  /** whether the audio travelled while it was recorded (else whole, after the stop) */
  streamed: boolean;
  transcript: VoiceTranscript;
  /** the input's value once the words were in */
  value: string;
}

const DONE_TIMEOUT_MS = 120_000;

/** Clears the input, records `seconds` of the fake microphone with F2 … F2 and waits until the words are in the box. */
export async function recordAndTranscribe(page: Page, seconds: number): Promise<PageVoiceRun> {
  await page.getByTestId('chat-input').fill('');
  await page.evaluate('window.__evaVoice.reset()');
  await page.keyboard.press('F2');
  await page.locator('[data-testid="voice-indicator"][data-phase="recording"]').waitFor();
  await page.waitForTimeout(seconds * 1000);
  await page.evaluate('window.__evaVoice.arm()');
  // Asked for before the stop, so nothing polls the page while it works: the page resolves it from the next frame after
  // the words.
  const finished = page.evaluate('window.__evaVoice.finished()');
  await page.keyboard.press('F2');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), DONE_TIMEOUT_MS)));
  const outcome = await Promise.race([finished, timedOut]).finally(() => clearTimeout(timer));
  const probe = (await page.evaluate('window.__evaVoice')) as ProbeState;
  if (
    outcome === 'timeout' ||
    probe.stopAt === null ||
    probe.sentAt === null ||
    probe.sent === null ||
    probe.resultAt === null ||
    probe.result === null ||
    probe.valueAt === null ||
    probe.value === null ||
    probe.paintAt === null
  ) {
    const notices = await page.getByTestId('notice').allTextContents();
    throw new Error(
      `no transcript reached the input within ${DONE_TIMEOUT_MS / 1000} s (stop ${probe.stopAt}, sent ${probe.sentAt}, result ${probe.result?.slice(0, 300)}, value ${probe.value}); notices: ${notices.join(' | ') || 'none'}`,
    );
  }
  const frame = JSON.parse(probe.result) as {
    result: { ok: true; value: VoiceTranscript } | { ok: false; error: { message: string } };
  };
  if (!frame.result.ok) throw new Error(`voice:transcribe failed in the page: ${frame.result.error.message}`);
  const sent = JSON.parse(probe.sent) as
    | { channel: 'voice:transcribe'; input: VoiceTranscribeInput }
    | { channel: 'voice:transcribe-recording'; input: VoiceTranscribeRecordingInput };
  // The box starts empty each run, so the value holds the transcript alone (trimmed by insertTranscript).
  if (probe.value !== frame.result.value.text.trim())
    throw new Error(`the input holds "${probe.value}", the transcript was "${frame.result.value.text}"`);
  await page.getByTestId('voice-indicator').waitFor({ state: 'detached' });
  return {
    toValueMs: probe.valueAt - probe.stopAt,
    toPaintMs: probe.paintAt - probe.stopAt,
    toSentMs: probe.sentAt - probe.stopAt,
    roundTripMs: probe.resultAt - probe.sentAt,
    insertMs: probe.valueAt - probe.resultAt,
    wav:
      sent.channel === 'voice:transcribe'
        ? new Uint8Array(Buffer.from(sent.input.wavBase64, 'base64'))
        : streamedWav(probe.appended, sent.input),
    streamed: sent.channel === 'voice:transcribe-recording',
    transcript: frame.result.value,
    value: probe.value,
  };
}

/**
 * The WAV the core made of a streamed recording: its pieces in order, which must add up to what the page asked to
 * transcribe.
 */
function streamedWav(appended: string[], finish: VoiceTranscribeRecordingInput): Uint8Array {
  const pieces = appended
    .map((frame) => (JSON.parse(frame) as { input: VoiceAppendAudioInput }).input)
    .filter((piece) => piece.recordingId === finish.recordingId)
    .sort((a, b) => a.offset - b.offset);
  let bytes = 0;
  const pcm = pieces.map((piece) => {
    if (piece.offset !== bytes)
      throw new Error(`recording ${finish.recordingId}: a piece at byte ${piece.offset}, expected ${bytes}`);
    const data = new Uint8Array(Buffer.from(piece.pcmBase64, 'base64'));
    bytes += data.length;
    return data;
  });
  if (bytes !== finish.bytes)
    throw new Error(`recording ${finish.recordingId}: the page sent ${bytes} bytes but asked for ${finish.bytes}`);
  return wav16MonoFromPcm(pcm, WHISPER_SAMPLE_RATE);
}
