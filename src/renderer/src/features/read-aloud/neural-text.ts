// What the neural voice is asked to say: a sentence cut into pieces it speaks without a long wait (llama-tts makes a
// whole piece before any of it plays), and the language of each piece. Pure.
import type { TtsLanguage } from '@shared/audio/tts-schemas';
import type { TtsVoiceLanguage } from '@shared/audio/tts-settings';
import { scriptLanguage } from './pick-voice';

/** The longest piece: about fifteen seconds of speech, and far below voice:tts-speak's limit. */
export const MAX_PIECE_CHARS = 200;

// Where a long sentence is best cut, best first: after a comma-like mark, then at a space.
const SOFT = /[，、,;；:：)）]/u;

/** `sentence` in pieces of at most `max` characters, cut after a comma or at a space where there is one. */
export function ttsPieces(sentence: string, max = MAX_PIECE_CHARS): string[] {
  const pieces: string[] = [];
  let rest = sentence.trim();
  while ([...rest].length > max) {
    const head = [...rest].slice(0, max).join('');
    let cut = -1;
    for (let i = head.length - 1; i > head.length / 3 && cut < 0; i--) if (SOFT.test(head[i] ?? '')) cut = i + 1;
    if (cut < 0) {
      const space = head.lastIndexOf(' ');
      cut = space > head.length / 3 ? space : head.length;
    }
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces.filter((piece) => piece !== '');
}

/** The language to speak `text` in: the one chosen, or with 'auto' its script's (zh, ja, ko; else English). */
export function ttsLanguageFor(text: string, chosen: TtsVoiceLanguage): TtsLanguage {
  if (chosen !== 'auto') return chosen;
  return scriptLanguage(text) ?? 'en';
}
