// whisper's text output has one segment per line; the input box wants one line.
// Latin-script segments already carry their leading space, CJK ones carry none,
// so segments are joined with a space only where neither side is CJK.

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/** The transcript file's text as one line: segments trimmed and joined, empty ones dropped. */
export function joinSegments(transcript: string): string {
  const segments = transcript
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  let text = '';
  for (const segment of segments) {
    if (text === '') text = segment;
    else text += CJK.test(text.at(-1) ?? '') || CJK.test(segment[0] ?? '') ? segment : ` ${segment}`;
  }
  return text;
}
