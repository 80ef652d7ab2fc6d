// A small POSIX-shell reader, just enough to see every program a command line
// runs and with which words. Words are read by shell-quoting.ts; here the line
// is cut into simple commands at ; && || | & and newlines, and what runs inside
// a block — ( … ), { …; }, <(…) >(…), here-documents with substitutions — is
// read as commands of its own, marked with how it is reached. Variables and
// globs are not expanded: the classifier reads `$HOME` and `*` literally.
import { MAX_NESTING, readDoubleQuoted, readNested, readWord, WORD_END, type LexState } from './shell-quoting';

/** `cmd` reads a line as cmd.exe does: `\` is a path separator and `^` escapes. */
export type ShellDialect = 'posix' | 'cmd';

/** One redirection; a here-document keeps its body. */
export interface Redirect {
  op: string;
  target: string;
  body?: string;
}

/** One simple command as written, before any wrapper (sudo, env, …) is looked through. */
export interface ShellCommand {
  words: string[];
  redirects: Redirect[];
  /** how it is reached, outermost first: 'command substitution', 'subshell', … */
  via: string[];
  /** index, in the same reading, of the command whose output is piped into this one */
  pipeFrom?: number;
}

/** Every command of a line; `tooDeep` when nesting went past what the reader follows. */
export interface ShellReading {
  commands: ShellCommand[];
  tooDeep: boolean;
}

export function readShell(line: string, dialect: ShellDialect = 'posix'): ShellReading {
  const reading: ShellReading = { commands: [], tooDeep: false };
  readList(lineState(line, dialect === 'posix', reading), [], null, 0);
  return reading;
}

const SEPARATORS = ['&&', '||', ';;', '|&', '|', '&', ';', '\n'];
const REDIRECTS = ['&>>', '&>', '<<<', '<<-', '<<', '<>', '>>', '>|', '>&', '<&', '>', '<'];
const FD_PREFIX = /^(\d+|\{[A-Za-z_]\w*\})$/;

interface State extends LexState {
  reading: ShellReading;
  heredocs: Array<{ redirect: Redirect; stripTabs: boolean; expand: boolean; via: string[]; depth: number }>;
}

function lineState(src: string, posix: boolean, reading: ShellReading): State {
  const state: State = {
    src,
    pos: 0,
    posix,
    reading,
    heredocs: [],
    readBlock: (via, depth) => readBlock(state, via, ')', depth),
    tooDeep: () => {
      reading.tooDeep = true;
    },
    readText: (text, via, depth) => {
      if (depth >= MAX_NESTING) reading.tooDeep = true;
      else readList(lineState(text, posix, reading), via, null, depth + 1);
    },
  };
  return state;
}

function readBlock(state: State, via: string[], end: ')' | '}', depth: number): void {
  if (depth >= MAX_NESTING) {
    state.tooDeep();
    state.pos = state.src.length;
    return;
  }
  readList(state, via, end, depth + 1);
}

/** Commands up to `end` (the `)` of a subshell or `$(`, the `}` of a group) or the end of the text. */
function readList(state: State, via: string[], end: ')' | '}' | null, depth: number): void {
  const { src } = state;
  const out = state.reading.commands;
  let cmd: ShellCommand = { words: [], redirects: [], via };
  let last: number | undefined;
  let piped = false;
  const finish = (pipeNext: boolean) => {
    if (cmd.words.length > 0 || cmd.redirects.length > 0) {
      if (piped && last !== undefined) cmd.pipeFrom = last;
      last = out.push(cmd) - 1;
    } else last = undefined;
    piped = pipeNext;
    cmd = { words: [], redirects: [], via };
  };
  while (state.pos < src.length) {
    const c = src[state.pos] as string;
    const atStart = cmd.words.length === 0;
    const separator = SEPARATORS.find((op) => src.startsWith(op, state.pos));
    if (c === ' ' || c === '\t' || c === '\r') state.pos++;
    else if (skipContinuation(state)) continue;
    else if (c === '#' && state.posix)
      state.pos = src.includes('\n', state.pos) ? src.indexOf('\n', state.pos) : src.length; // a comment, to the line's end
    else if (c === ')' && end === ')') {
      state.pos++;
      finish(false);
      return;
    } else if (c === '}' && atStart && boundary(src, state.pos + 1)) {
      state.pos++;
      finish(false);
      if (end === '}') return;
    } else if ((c === '<' || c === '>') && src[state.pos + 1] === '(') {
      cmd.words.push(readNested(state, via, 'process substitution', depth));
    } else if (REDIRECTS.some((op) => src.startsWith(op, state.pos))) {
      // Before the separators: `&>` is a redirection, not `&`.
      cmd.redirects.push(readRedirect(state, via, depth));
    } else if (separator) {
      state.pos += separator.length;
      finish(separator === '|' || separator === '|&');
      if (separator === '\n') readHeredocs(state);
    } else if (c === ')') {
      // A stray `)` (a case pattern, a typo): end the command and read on.
      state.pos++;
      finish(false);
    } else if (c === '(' && !atStart && /^\(\s*\)/.test(src.slice(state.pos, state.pos + 40))) {
      // `f() { …; }` defines a function: its name is no command, its body is read as a group.
      state.pos = src.indexOf(')', state.pos) + 1;
      cmd = { words: [], redirects: [], via };
    } else if (c === '(') {
      finish(false);
      state.pos++;
      readBlock(state, [...via, 'subshell'], ')', depth);
    } else if (
      c === '{' &&
      boundary(src, state.pos + 1) &&
      (atStart || (cmd.words[0] === 'function' && cmd.words.length === 2))
    ) {
      cmd = { words: [], redirects: [], via };
      finish(false);
      state.pos++;
      readBlock(state, via, '}', depth);
    } else {
      const word = readWord(state, via, depth);
      // `2>` and `{fd}>`: the number names the stream being redirected, it is no word.
      if (!word.quoted && FD_PREFIX.test(word.text) && /[<>]/.test(src[state.pos] ?? '')) continue;
      if (word.text === '' && !word.quoted) continue;
      cmd.words.push(...(word.quoted ? [word.text] : braceList(word.text)));
    }
  }
  finish(false);
}

function readRedirect(state: State, via: string[], depth: number): Redirect {
  const { src } = state;
  const op = REDIRECTS.find((candidate) => src.startsWith(candidate, state.pos)) as string;
  state.pos += op.length;
  while (src[state.pos] === ' ' || src[state.pos] === '\t') state.pos++;
  const c = src[state.pos];
  if ((c === '<' || c === '>') && src[state.pos + 1] === '(')
    return { op, target: readNested(state, via, 'process substitution', depth) };
  if (c === undefined || WORD_END.test(c)) return { op, target: '' };
  const word = readWord(state, via, depth);
  const redirect: Redirect = { op, target: word.text };
  if (op === '<<' || op === '<<-')
    state.heredocs.push({ redirect, stripTabs: op === '<<-', expand: !word.quoted, via, depth });
  return redirect;
}

/** After a newline: the bodies of the here-documents opened on the line before. */
function readHeredocs(state: State): void {
  const { src } = state;
  for (const doc of state.heredocs.splice(0)) {
    let body = '';
    while (state.pos < src.length) {
      const lineEnd = src.indexOf('\n', state.pos);
      const stop = lineEnd === -1 ? src.length : lineEnd;
      const raw = src.slice(state.pos, stop).replace(/\r$/, '');
      state.pos = Math.min(stop + 1, src.length);
      const line = doc.stripTabs ? raw.replace(/^\t+/, '') : raw;
      if (line === doc.redirect.target) break;
      body += `${line}\n`;
    }
    doc.redirect.body = body;
    // An unquoted delimiter means that $(…) and backticks in the body run.
    if (doc.expand && state.posix) readDoubleQuoted(lineState(body, true, state.reading), doc.via, doc.depth, null);
  }
}

function skipContinuation(state: State): boolean {
  const escape = state.posix ? '\\' : '^';
  for (const join of [`${escape}\n`, `${escape}\r\n`]) {
    if (state.src.startsWith(join, state.pos)) {
      state.pos += join.length;
      return true;
    }
  }
  return false;
}

/** `{rm,-rf,/}` is brace-expanded by bash into three words. */
function braceList(word: string): string[] {
  const inner = word.slice(1, -1);
  if (!word.startsWith('{') || !word.endsWith('}') || !inner.includes(',') || /[{}\s'"]/.test(inner)) return [word];
  return inner.split(',').filter((part) => part !== '');
}

function boundary(src: string, index: number): boolean {
  const next = src[index];
  return next === undefined || /[\s;&|()]/.test(next);
}
