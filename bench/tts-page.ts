// Read aloud's neural voice as the user meets it, timed in the page's own clock. An init script notes the press of
// an answer's Read aloud button, the first voice:tts-speak leaving the page and its result arriving, the audio
// element's `playing` event, and the first non-silent samples the page's analyser read; and, for answers, how many
// sentences were sent to the voice while the answer was still streaming.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { TtsSpeakInput, TtsSpeech } from '@shared/audio/tts-schemas';

/**
 * Installed before the app's scripts:
 * - a capture-phase click listener (the press of a Read aloud button);
 * - WebSocket.prototype.send and a message listener, for voice:tts-speak and its result (only the first 100
 *   characters of a frame are looked at) and for chat:send's result, which ends an answer;
 * - HTMLMediaElement.prototype.play: the element is made with `new Audio()` and never joins the document, so its
 *   `playing` event is only heard by a listener put on the element itself;
 * - AnalyserNode.prototype.getFloatTimeDomainData: the page meters what it plays through it, so the first frame with
 *   a sample other than zero is the first sound that went out.
 */
export const TTS_PROBE = `
(() => {
  const fresh = () => ({ pressAt: null, sentAt: null, sent: null, sentId: null, resultAt: null, result: null, playingAt: null, audibleAt: null, speaks: 0, answerId: null, answer: null, speaksWhileAnswering: 0 });
  const probe = window.__evaTts = Object.assign(fresh(), { waiters: [], answerWaiters: [] });
  probe.arm = () => Object.assign(probe, fresh());
  probe.answered = () => new Promise((resolve) => { if (probe.answer !== null) resolve(); else probe.answerWaiters.push(resolve); });
  probe.playing = () => new Promise((resolve) => { if (probe.playingAt !== null) resolve(); else probe.waiters.push(resolve); });
  document.addEventListener('click', (event) => {
    if (probe.pressAt === null && event.target instanceof Element && event.target.closest('[data-testid="chat-read-aloud"]')) probe.pressAt = performance.now();
  }, true);
  const nativeSend = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const head = typeof data === 'string' ? data.slice(0, 100) : '';
    const channel = /"channel":"([^"]+)"/.exec(head)?.[1];
    if (channel === 'chat:send') probe.answerId = Number(/"id":(\\d+)/.exec(head)[1]);
    if (channel === 'voice:tts-speak') {
      probe.speaks++;
      if (probe.answerId !== null && probe.answer === null) probe.speaksWhileAnswering++;
      if (probe.pressAt !== null && probe.sentAt === null) {
        probe.sentAt = performance.now();
        probe.sent = data;
        probe.sentId = Number(/"id":(\\d+)/.exec(head)[1]);
      }
    }
    return nativeSend.call(this, data);
  };
  const NativeSocket = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new NativeSocket(...args);
    socket.addEventListener('message', (event) => {
      if (typeof event.data !== 'string' || !event.data.startsWith('{"type":"result"')) return;
      if (probe.answerId !== null && probe.answer === null && event.data.startsWith('{"type":"result","id":' + probe.answerId + ',')) {
        probe.answer = event.data;
        for (const resolve of probe.answerWaiters.splice(0)) resolve();
      }
      if (probe.sentId !== null && probe.resultAt === null && event.data.startsWith('{"type":"result","id":' + probe.sentId + ',')) {
        probe.resultAt = performance.now();
        probe.result = event.data;
      }
    });
    return socket;
  };
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket.prototype = NativeSocket.prototype;
  const nativePlay = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (...args) {
    if (probe.pressAt !== null && probe.playingAt === null)
      this.addEventListener('playing', () => {
        if (probe.playingAt !== null) return;
        probe.playingAt = performance.now();
        for (const resolve of probe.waiters.splice(0)) resolve();
      }, { once: true });
    return nativePlay.apply(this, args);
  };
  const nativeRead = AnalyserNode.prototype.getFloatTimeDomainData;
  AnalyserNode.prototype.getFloatTimeDomainData = function (frame) {
    nativeRead.call(this, frame);
    if (probe.playingAt !== null && probe.audibleAt === null && frame.some((value) => value !== 0)) probe.audibleAt = performance.now();
  };
})();
`;

interface ProbeState {
  pressAt: number | null;
  sentAt: number | null;
  sent: string | null;
  resultAt: number | null;
  result: string | null;
  playingAt: number | null;
  audibleAt: number | null;
  speaks: number;
  speaksWhileAnswering: number;
}

/** One press of Read aloud, as the page saw it (ms after the press). */
export interface PageSpeakRun {
  /** press → the audio element's `playing`: the measurement */
  toPlayingMs: number;
  /** press → the first non-silent samples the analyser read (it reads every 40 ms); null if none came before Stop */
  toAudibleMs: number | null;
  /** press → voice:tts-speak sent: the read-aloud store, the splitter, the speaker's queue */
  toSentMs: number;
  /** sent → its result: WebSocket both ways, the host, the core, llama-tts, the WAV as base64 */
  roundTripMs: number;
  /** result → playing: the blob, the element's decoding and start */
  startMs: number;
  /** what the page asked the voice to say first */
  input: TtsSpeakInput;
  speech: Omit<TtsSpeech, 'wavBase64'>;
}

const SPEECH_TIMEOUT_MS = 300_000;

/** Presses the answer's Read aloud, waits until its first sentence plays, then Stop (llama-tts gone). */
export async function readAloudOnce(page: Page, answer: string, hostPid: number): Promise<PageSpeakRun> {
  await page.evaluate('window.__evaTts.arm()');
  // Asked for before the press, so nothing polls the page while it works.
  const playing = page.evaluate('window.__evaTts.playing()');
  await page.locator(answer).last().getByTestId('chat-read-aloud').click();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), SPEECH_TIMEOUT_MS)),
  );
  const outcome = await Promise.race([playing, timedOut]).finally(() => clearTimeout(timer));
  // One meter reading later, so the first sound is seen too.
  await page.waitForTimeout(100);
  const probe = (await page.evaluate('window.__evaTts')) as ProbeState;
  if (outcome !== 'timeout') await silence(page, hostPid, true);
  const { pressAt, sentAt, sent, resultAt, result, playingAt } = probe;
  if (
    outcome === 'timeout' ||
    pressAt === null ||
    sentAt === null ||
    !sent ||
    resultAt === null ||
    !result ||
    !playingAt
  )
    throw new Error(
      `the first sentence did not play within ${SPEECH_TIMEOUT_MS / 1000} s (press ${pressAt}, sent ${sentAt}, result ${result?.slice(0, 300)})`,
    );
  const frame = JSON.parse(result) as {
    result: { ok: true; value: TtsSpeech } | { ok: false; error: { message: string } };
  };
  if (!frame.result.ok) throw new Error(`voice:tts-speak failed in the page: ${frame.result.error.message}`);
  const { wavBase64: _wav, ...speech } = frame.result.value;
  return {
    toPlayingMs: playingAt - pressAt,
    toAudibleMs: probe.audibleAt === null ? null : probe.audibleAt - pressAt,
    toSentMs: sentAt - pressAt,
    roundTripMs: resultAt - sentAt,
    startMs: playingAt - resultAt,
    input: (JSON.parse(sent) as { input: TtsSpeakInput }).input,
    speech,
  };
}

/**
 * Stop; `reading`: the voice is (or is about to be) reading, so the Stop button is waited for first, since a reading
 * that starts once an answer is done may not have begun yet. Then waits until no llama-tts of the host's is left, so
 * the next run has the CPU alone.
 */
export async function silence(page: Page, hostPid: number, reading: boolean): Promise<void> {
  const stop = page.getByTestId('read-aloud-stop');
  if (reading) await stop.click({ timeout: SPEECH_TIMEOUT_MS });
  await stop.waitFor({ state: 'detached' });
  while (llamaTtsOf(hostPid).length > 0) await page.waitForTimeout(50);
}

/** The llama-tts processes under `root`, from the system's process list. */
export function llamaTtsOf(root: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 3)
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm: comm ?? '' }));
  const family = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows)
      if (family.has(row.ppid) && !family.has(row.pid)) {
        family.add(row.pid);
        grew = true;
      }
  }
  return rows.filter((row) => family.has(row.pid) && row.comm.startsWith('llama-tts')).map((row) => row.pid);
}

type Timings = { predicted_n: number; predicted_per_second: number };

/** One answer sent through the page: the server's own timings, and the sentences the voice got while it streamed. */
export async function answerOnce(
  page: Page,
  prompt: string,
): Promise<{ tokens: number; tokensPerSecond: number; spokenWhileStreaming: number; spoken: number }> {
  await page.evaluate('window.__evaTts.arm()');
  const answered = page.evaluate('window.__evaTts.answered()');
  await page.getByTestId('chat-input').fill(prompt);
  await page.getByTestId('chat-input').press('Control+Enter');
  await answered;
  const probe = (await page.evaluate('window.__evaTts')) as ProbeState & { answer: string };
  const frame = JSON.parse(probe.answer) as {
    result: { ok: true; value: { timings?: Timings | null } } | { ok: false; error: { message: string } };
  };
  if (!frame.result.ok) throw new Error(`the answer to "${prompt}" failed: ${frame.result.error.message}`);
  const timings = frame.result.value.timings;
  if (!timings) throw new Error(`the answer to "${prompt}" came without timings`);
  return {
    tokens: timings.predicted_n,
    tokensPerSecond: timings.predicted_per_second,
    spokenWhileStreaming: probe.speaksWhileAnswering,
    spoken: probe.speaks,
  };
}
