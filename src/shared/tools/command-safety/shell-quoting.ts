// How the shell reads one word: quotes, escapes, `$'…'`, and the command
// substitutions inside it ($(…) and backticks, in double quotes too), whose
// commands are handed back to the line reader (shell-words.ts) to be read as
// commands of their own.
import { readAnsiCQuote } from './ansi-c-quote';

/** The reader's position in a text, and how it reads nested commands. */
export interface LexState {
  readonly src: string;
  pos: number;
  /** false for cmd.exe: `\` is a path separator, `^` escapes, no substitutions */
  readonly posix: boolean;
  /** reads commands from the current position up to the `)` that closes them */
  readBlock(via: string[], depth: number): void;
  /** reads a separate text (a backtick's inside) as commands */
  readText(text: string, via: string[], depth: number): void;
  /** nesting went past what the reader follows: the rest is skipped and the line refused */
  tooDeep(): void;
}

// Far past anything written by hand; it also bounds the recursion.
export const MAX_NESTING = 48;

/** A word's text after quote removal; `quoted` when any part of it was quoted or escaped. */
export interface Word {
  text: string;
  quoted: boolean;
}

// Only blanks end a word: bash keeps other spaces (a no-break space) inside it.
export const WORD_END = /[ \t\r\n;&|()<>]/;
// cmd.exe opens a block only where a command starts: `echo (x)` prints the brackets.
const CMD_WORD_END = /[ \t\r\n;&|)<>]/;
const ARRAY_ASSIGNMENT = /^[A-Za-z_]\w*(\[[^\]]*\])?\+?=$/;

export function readWord(state: LexState, via: string[], depth: number): Word {
  const { src } = state;
  let text = '';
  let quoted = false;
  const start = state.pos;
  while (state.pos < src.length) {
    const c = src[state.pos] as string;
    if (c === (state.posix ? '\\' : '^') && state.pos + 1 < src.length) {
      const next = src[state.pos + 1] as string;
      state.pos += 2;
      // backslash-newline joins lines, even in the middle of a word: r\<newline>m is rm.
      if (next !== '\n') {
        text += next;
        quoted = true;
      }
    } else if (c === "'") {
      const close = src.indexOf("'", state.pos + 1);
      const stop = close === -1 ? src.length : close;
      text += src.slice(state.pos + 1, stop);
      state.pos = stop + 1;
      quoted = true;
    } else if (c === '"') {
      state.pos++;
      text += readDoubleQuoted(state, via, depth, '"');
      quoted = true;
    } else if (c === '`' && state.posix) {
      text += readBacktick(state, via, depth, false);
    } else if (c === '$' && state.posix && dollarSpecial(state, false)) {
      const part = readDollar(state, via, depth, false);
      text += part.text;
      quoted ||= part.quoted;
    } else if (c === '(' && state.posix && ARRAY_ASSIGNMENT.test(text)) {
      text += readBalanced(state);
    } else if ((state.posix ? WORD_END : CMD_WORD_END).test(c)) {
      break;
    } else {
      text += c;
      state.pos++;
    }
  }
  if (state.pos === start) state.pos++;
  return { text, quoted };
}

/** From just after the opening quote; `closing` null reads a here-document body to its end. */
export function readDoubleQuoted(state: LexState, via: string[], depth: number, closing: '"' | null): string {
  const { src } = state;
  let text = '';
  while (state.pos < src.length) {
    const c = src[state.pos] as string;
    if (c === closing) {
      state.pos++;
      return text;
    }
    const next = src[state.pos + 1];
    if (
      state.posix &&
      c === '\\' &&
      next !== undefined &&
      ('$`\\\n'.includes(next) || (closing !== null && next === closing))
    ) {
      if (next !== '\n') text += next;
      state.pos += 2;
    } else if (state.posix && c === '`') {
      text += readBacktick(state, via, depth, closing !== null);
    } else if (state.posix && c === '$' && dollarSpecial(state, true)) {
      text += readDollar(state, via, depth, true).text;
    } else {
      text += c;
      state.pos++;
    }
  }
  return text;
}

/** `$(…)`, `<(…)`, `>(…)`: the commands inside are read; the word keeps the raw text. */
export function readNested(state: LexState, via: string[], label: string, depth: number): string {
  const start = state.pos;
  state.pos += 2;
  state.readBlock([...via, label], depth);
  return state.src.slice(start, state.pos);
}

function dollarSpecial(state: LexState, inQuotes: boolean): boolean {
  const next = state.src[state.pos + 1] ?? '';
  return next === '(' || next === '{' || (!inQuotes && (next === "'" || next === '"'));
}

function readDollar(state: LexState, via: string[], depth: number, inQuotes: boolean): Word {
  const { src } = state;
  const start = state.pos;
  const next = src[state.pos + 1];
  if (!inQuotes && next === "'") {
    const decoded = readAnsiCQuote(src, state.pos + 2);
    state.pos = decoded.end;
    return { text: decoded.text, quoted: true };
  }
  if (!inQuotes && next === '"') {
    state.pos += 2;
    return { text: readDoubleQuoted(state, via, depth, '"'), quoted: true };
  }
  if (next === '(' && src[state.pos + 2] !== '(')
    return { text: readNested(state, via, 'command substitution', depth), quoted: false };
  // $((…)) arithmetic and ${…} parameters stay literal, but a $(…) or backtick inside them still runs.
  if (depth >= MAX_NESTING) {
    state.tooDeep();
    state.pos = src.length;
    return { text: src.slice(start), quoted: false };
  }
  const open = next === '(' ? '(' : '{';
  const close = open === '(' ? ')' : '}';
  let level = 0;
  while (state.pos < src.length) {
    const c = src[state.pos] as string;
    if (state.pos > start + 1 && c === '$' && dollarSpecial(state, true)) readDollar(state, via, depth + 1, true);
    else if (c === '`') readBacktick(state, via, depth, false);
    else if (c === '\\') state.pos += 2;
    else {
      state.pos++;
      if (c === open) level++;
      if (c === close && --level === 0) break;
    }
  }
  state.pos = Math.min(state.pos, src.length);
  return { text: src.slice(start, state.pos), quoted: false };
}

/** `…`: the inside is unescaped one level, then read as commands of its own. */
function readBacktick(state: LexState, via: string[], depth: number, inQuotes: boolean): string {
  const { src } = state;
  const start = state.pos;
  state.pos++;
  let inner = '';
  while (state.pos < src.length && src[state.pos] !== '`') {
    const c = src[state.pos] as string;
    const next = src[state.pos + 1] ?? '';
    if (c === '\\' && next !== '' && ('`\\$'.includes(next) || (inQuotes && next === '"'))) {
      inner += next;
      state.pos += 2;
    } else {
      inner += c;
      state.pos++;
    }
  }
  state.pos = Math.min(state.pos + 1, src.length);
  state.readText(inner, [...via, 'command substitution'], depth);
  return src.slice(start, state.pos);
}

function readBalanced(state: LexState): string {
  const start = state.pos;
  let level = 0;
  while (state.pos < state.src.length) {
    const c = state.src[state.pos++];
    if (c === '(') level++;
    if (c === ')' && --level === 0) break;
  }
  return state.src.slice(start, state.pos);
}
