// A small POSIX-shell reader, just enough to see which programs a command line
// runs and with which words: quotes and escapes are resolved, and the line is
// cut into simple commands at ; && || | & newlines, parentheses, $( and
// backticks. It does not expand variables or globs — the classifier reads
// `$HOME` and `*` literally on purpose.

/** One simple command: its words, redirection operators kept as their own words. */
export type ShellSegment = string[];

const SEPARATORS = ['&&', '||', '$(', ';', '|', '&', '\n', '(', ')', '`'];
const REDIRECTS = ['&>>', '&>', '>>', '>|', '>&', '<<', '>', '<'];

/** `backslashEscapes: false` reads the line the way cmd.exe does, where `\` is a path separator. */
export function splitShellCommand(line: string, options: { backslashEscapes?: boolean } = {}): ShellSegment[] {
  const escapes = options.backslashEscapes ?? true;
  const segments: ShellSegment[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endSegment = () => {
    endWord();
    if (words.length > 0) segments.push(words);
    words = [];
  };

  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (escapes && ch === '\\' && i + 1 < line.length) {
      const next = line[i + 1] as string;
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
      i++;
      continue;
    }
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      const stop = end === -1 ? line.length : end;
      word += line.slice(i + 1, stop);
      inWord = true;
      i = stop;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (escapes && line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1] as string)) j++;
        word += line[j];
      }
      inWord = true;
      i = j;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      endWord();
      continue;
    }
    if (ch === '#' && !inWord) {
      const newline = line.indexOf('\n', i);
      i = newline === -1 ? line.length : newline - 1;
      continue;
    }
    // `2>` and `1>>`: a file-descriptor digit right before a redirect belongs to it.
    const redirect = REDIRECTS.find((op) => line.startsWith(op, i));
    if (redirect) {
      if (inWord && /^\d$/.test(word)) {
        word = '';
        inWord = false;
      }
      endWord();
      words.push(redirect);
      i += redirect.length - 1;
      continue;
    }
    const separator = SEPARATORS.find((op) => line.startsWith(op, i));
    if (separator) {
      endSegment();
      i += separator.length - 1;
      continue;
    }
    if ((ch === '{' || ch === '}') && !inWord && isWordBoundary(line, i + 1)) {
      endSegment();
      continue;
    }
    word += ch;
    inWord = true;
  }
  endSegment();
  return segments;
}

function isWordBoundary(line: string, index: number): boolean {
  const next = line[index];
  return next === undefined || /[\s;&|()]/.test(next);
}
