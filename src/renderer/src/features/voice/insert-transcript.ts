// Where a transcript goes in the draft: at the cursor (replacing a selection),
// else at the end, with a space between it and Latin neighbours but none next
// to CJK text, where words are not separated by spaces.

/** The text box's selection; start === end is a plain cursor. */
export interface TextSelection {
  start: number;
  end: number;
}

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
const NO_SPACE_BEFORE = /[\s,.;:!?)\]}'"”’]/u;

/** Whisper's markers for sound that is not speech: [BLANK_AUDIO], [Music], (silence)… */
export function isNonSpeech(transcript: string): boolean {
  return /^(?:\s*(?:\[[^\]]*\]|\([^)]*\)|\*[^*]*\*))*\s*$/u.test(transcript);
}

/** `text` with `transcript` put in at `selection` (null: appended), and where the cursor goes: just after it. */
export function insertTranscript(
  text: string,
  transcript: string,
  selection: TextSelection | null,
): { text: string; caret: number } {
  const words = transcript.trim();
  const clamp = (n: number) => Math.min(Math.max(0, Math.floor(n)), text.length);
  const start = selection ? clamp(Math.min(selection.start, selection.end)) : text.length;
  const end = selection ? clamp(Math.max(selection.start, selection.end)) : text.length;
  if (words === '') return { text, caret: end };
  const before = text.charAt(start - 1);
  const after = text.charAt(end);
  const spaceBefore = before !== '' && !/\s/u.test(before) && !CJK.test(before) && !CJK.test(words.charAt(0));
  const spaceAfter =
    after !== '' &&
    !/\s/u.test(after) &&
    !NO_SPACE_BEFORE.test(after) &&
    !CJK.test(after) &&
    !CJK.test(words.charAt(words.length - 1));
  const inserted = `${spaceBefore ? ' ' : ''}${words}${spaceAfter ? ' ' : ''}`;
  return { text: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}
