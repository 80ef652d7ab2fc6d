// Which system voice reads a sentence: one that speaks its script. An English
// voice reading Chinese says nothing useful (or spells code points), so the
// sentence's characters decide, not the UI language.

/** The part of SpeechSynthesisVoice we look at. */
export interface VoiceInfo {
  name: string;
  lang: string;
  default: boolean;
  localService: boolean;
}

/** The language a sentence's script calls for: zh, ja or ko by its characters; null for everything else. */
export function scriptLanguage(text: string): 'zh' | 'ja' | 'ko' | null {
  if (/[\u3040-\u30ff]/.test(text)) return 'ja';
  if (/[\uac00-\ud7af\u1100-\u11ff]/.test(text)) return 'ko';
  if (/[\u3400-\u4dbf\u4e00-\u9fff]/.test(text)) return 'zh';
  return null;
}

const CJK = /^(zh|ja|ko|yue|cmn)\b/i;
const startsWith = (lang: string, prefix: string) => lang.toLowerCase().replace('_', '-').split('-')[0] === prefix;

/**
 * The voice for `text`: for CJK text a voice of that language (on-device first);
 * for other text the default voice unless it is a CJK one, then an English voice.
 * null leaves it to the browser.
 */
export function pickVoice<V extends VoiceInfo>(voices: readonly V[], text: string): V | null {
  const rank = (voice: V) => (voice.default ? 0 : 2) + (voice.localService ? 0 : 1);
  const best = (candidates: V[]) => candidates.sort((a, b) => rank(a) - rank(b))[0] ?? null;
  const wanted = scriptLanguage(text);
  if (wanted) {
    const matching = voices.filter(
      (voice) => startsWith(voice.lang, wanted) || (wanted === 'zh' && /^(yue|cmn)/i.test(voice.lang)),
    );
    return best(matching);
  }
  const fallback = voices.find((voice) => voice.default && !CJK.test(voice.lang));
  return (
    fallback ??
    best(voices.filter((voice) => startsWith(voice.lang, 'en'))) ??
    best(voices.filter((voice) => !CJK.test(voice.lang)))
  );
}
