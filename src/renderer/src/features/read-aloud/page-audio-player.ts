// The neural voice's player: one audio element for the page, each sentence's WAV handed to it as a blob URL. An
// element rather than an AudioBufferSourceNode because its playbackRate keeps the pitch, so the speed setting does
// not turn the voice into a chipmunk. Its output runs through a Web Audio analyser on the way to the speakers, so
// the page knows what it actually played (the RMS of the samples that went out), not only what it was given.
import { createStore } from 'zustand/vanilla';
import { NO_PLAYBACK, type AudioPlayer, type PlaybackFacts, type PlayOutcome } from './audio-player';

/** How often the analyser is read while a sentence plays: its 2048-sample window is ~43 ms at 48 kHz. */
const METER_MS = 40;

interface Meter {
  context: AudioContext;
  analyser: AnalyserNode;
  frame: Float32Array<ArrayBuffer>;
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function connectMeter(element: HTMLAudioElement): Meter | null {
  try {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaElementSource(element).connect(analyser);
    analyser.connect(context.destination);
    return { context, analyser, frame: new Float32Array(analyser.fftSize) };
  } catch {
    // No Web Audio here: the element plays straight to the speakers, unmeasured (rms stays null).
    return null;
  }
}

export function createPageAudioPlayer(): AudioPlayer {
  const facts = createStore<PlaybackFacts>()(() => NO_PLAYBACK);
  let element: HTMLAudioElement | null = null;
  let meter: Meter | null = null;
  let finishCurrent: ((outcome: PlayOutcome) => void) | null = null;

  const setUp = (): HTMLAudioElement => {
    if (element) return element;
    element = new Audio();
    element.preservesPitch = true;
    meter = connectMeter(element);
    return element;
  };

  const stop = (): void => {
    const finish = finishCurrent;
    if (!finish || !element) return;
    finish({ kind: 'stopped' });
    element.pause();
    element.removeAttribute('src');
    element.load();
  };

  const play = (wavBase64: string, speed: number): Promise<PlayOutcome> => {
    stop();
    const audio = setUp();
    const measuring = meter;
    // A context made before the user's first gesture starts suspended; by now a click or a key has come. resume()
    // fails only on a closed context, which this one never is: the element then plays unmeasured.
    void measuring?.context.resume().catch(() => undefined);
    let url: string;
    try {
      url = URL.createObjectURL(new Blob([base64ToBytes(wavBase64)], { type: 'audio/wav' }));
    } catch (error) {
      return Promise.resolve({ kind: 'failed', message: (error as Error)?.message ?? String(error) });
    }
    return new Promise<PlayOutcome>((resolve) => {
      let squares = 0;
      let count = 0;
      const sample = (): void => {
        if (measuring && !audio.paused) {
          measuring.analyser.getFloatTimeDomainData(measuring.frame);
          for (const value of measuring.frame) squares += value * value;
          count += measuring.frame.length;
        }
        facts.setState({
          rms: measuring ? (count === 0 ? 0 : Math.sqrt(squares / count)) : null,
          playedMs: Math.round(audio.currentTime * 1000),
        });
      };
      const timer = setInterval(sample, METER_MS);
      const onEnded = (): void => finish({ kind: 'ended' });
      const onError = (): void => finish({ kind: 'failed', message: audio.error?.message || 'the audio did not play' });
      const finish = (outcome: PlayOutcome): void => {
        if (finishCurrent !== finish) return;
        finishCurrent = null;
        clearInterval(timer);
        if (outcome.kind === 'ended') sample();
        audio.removeEventListener('ended', onEnded);
        audio.removeEventListener('error', onError);
        URL.revokeObjectURL(url);
        facts.setState({ playing: false });
        resolve(outcome);
      };
      finishCurrent = finish;
      audio.addEventListener('ended', onEnded);
      audio.addEventListener('error', onError);
      audio.src = url;
      // A new source resets playbackRate to the default one: set both.
      audio.defaultPlaybackRate = speed;
      audio.playbackRate = speed;
      facts.setState((state) => ({
        playing: true,
        started: state.started + 1,
        rms: measuring ? 0 : null,
        playedMs: 0,
      }));
      // Promise.resolve: an engine without media playback (jsdom) answers play() with nothing at all.
      Promise.resolve(audio.play()).catch((error: unknown) =>
        finish({ kind: 'failed', message: (error as Error)?.message ?? String(error) }),
      );
    });
  };

  return { facts, play, stop };
}
