// The Speaker over Web Speech's speechSynthesis (Chromium and Electron use the
// system's voices: SAPI, AVSpeech, speech-dispatcher). Sentences go into the
// engine's own queue one utterance each, which also sidesteps Chromium's habit
// of cutting off single utterances longer than about fifteen seconds.
import { pickVoice, scriptLanguage } from './pick-voice';
import type { Speaker } from './speaker';

const LANG_TAGS = { zh: 'zh-CN', ja: 'ja-JP', ko: 'ko-KR' } as const;

/** A Speaker over `synth`; one that reports no speech when the page has none. */
export function createWebSpeaker(synth: SpeechSynthesis | undefined = globalThis.speechSynthesis): Speaker {
  // Chromium may garbage-collect an utterance that nothing references before its
  // `end` event fires, and then `done` would never run.
  const inFlight = new Set<SpeechSynthesisUtterance>();
  return {
    voices: () => (synth ? synth.getVoices() : null),
    onVoicesChanged(listener) {
      if (!synth) return () => {};
      synth.addEventListener('voiceschanged', listener);
      return () => synth.removeEventListener('voiceschanged', listener);
    },
    speak(text, done) {
      if (!synth) {
        done();
        return;
      }
      const utterance = new SpeechSynthesisUtterance(text);
      const voice = pickVoice(synth.getVoices(), text);
      const script = scriptLanguage(text);
      if (voice) utterance.voice = voice;
      if (voice) utterance.lang = voice.lang;
      else if (script) utterance.lang = LANG_TAGS[script];
      const finish = (): void => {
        if (!inFlight.delete(utterance)) return;
        done();
      };
      utterance.addEventListener('end', finish);
      utterance.addEventListener('error', finish);
      inFlight.add(utterance);
      synth.speak(utterance);
    },
    cancel() {
      inFlight.clear();
      synth?.cancel();
    },
  };
}
