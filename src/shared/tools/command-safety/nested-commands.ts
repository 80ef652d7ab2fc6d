// Programs that run another command handed to them: as text to be read again
// (sh -c, eval, su -c, watch, flock -c, cmd /c, powershell -Command, a shell
// reading a pipe or a here-document) or as words (find -exec, xargs). The
// guard judges those inner commands like any other.
import { programName } from './command-wrappers';
import type { ShellDialect } from './shell-words';

/** What a program's stdin holds when the line itself says: `echo … |`, a here-document, a here-string. */
export interface KnownInput {
  text: string;
  /** 'pipe' | 'here-document' | 'here-string' */
  source: string;
}

/** Words that take the place of `placeholder` in an inner argv (find's `{}`, xargs -I), or are appended to it. */
export interface Feed {
  words: string[];
  placeholder?: string;
}

/** A command run by another: text read again as a command line, or an argv. */
export type Inner =
  | { via: string; text: string; dialect: ShellDialect; positional?: string[] }
  | { via: string; argv: string[]; feed?: Feed };

// `$SHELL -c …` runs a shell too, whichever it is.
const SHELL = /^((ba|rba|z|da|k|mk|pdk|a|y|c|tc)?sh\d*|fish|\$\{?(shell|bash)\}?)$/;
const XARGS_LONG = [
  '--max-args',
  '--max-lines',
  '--max-procs',
  '--max-chars',
  '--delimiter',
  '--eof',
  '--process-slot-var',
];

/** The commands that `program` (wrappers already stripped) runs in its turn. */
export function innerCommands(program: readonly string[], input: KnownInput | null): Inner[] {
  const name = programName(program[0] ?? '');
  const args = program.slice(1);
  if (SHELL.test(name)) return shellInner(name, args, input);
  const text = (via: string, value: string | undefined, dialect: ShellDialect = 'posix'): Inner[] =>
    value ? [{ via, text: value, dialect }] : [];
  switch (name) {
    case 'eval':
      return text('eval', args.join(' '));
    // Definitions that run later are judged now: an alias's body, a trap's command.
    case 'alias':
      return args.flatMap((arg) => text('alias', arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : undefined));
    case 'trap':
      return args.length > 1 && !args[0]?.startsWith('-') ? text('trap', args[0]) : [];
    case 'at':
    case 'batch':
      return input ? text(`${input.source} to ${name}`, input.text) : [];
    case 'su':
    case 'runuser':
      return suInner(name, args);
    case 'watch':
      return watchInner(args);
    case 'flock':
      return flockInner(args);
    case 'find':
      return findInner(args);
    case 'xargs':
      return xargsInner(args, input);
    case 'cmd': {
      const flag = args.findIndex((a) => /^\/[ckr]/i.test(a));
      return flag === -1
        ? []
        : text('cmd /c', [(args[flag] as string).slice(2), ...args.slice(flag + 1)].join(' ').trim(), 'cmd');
    }
    case 'powershell':
    case 'pwsh':
      return powershellInner(name, args);
    default:
      return [];
  }
}

/** sh -c STRING (also -xc, -lc, -c --, -o opt -c), or a shell reading its stdin. */
function shellInner(name: string, args: readonly string[], input: KnownInput | null): Inner[] {
  let commandMode = false;
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--' || arg === '-') {
      i++;
      break;
    }
    if (arg.startsWith('--command='))
      return [{ via: `${name} -c`, text: arg.slice('--command='.length), dialect: 'posix' }];
    if (arg === '--command') commandMode = true;
    else if (arg === '--rcfile' || arg === '--init-file') i++;
    else if (/^[-+][A-Za-z]+$/.test(arg)) {
      if (arg.includes('c')) commandMode = true;
      // -o errexit, -O extglob: the option's value is no operand.
      if (/[oO]/.test(arg)) i++;
    } else if (!arg.startsWith('--')) break;
  }
  const operand = args[i];
  // sh -c 'rm -rf "$1"' _ /: the words after the string are its $0, $1, …
  if (operand !== undefined)
    return commandMode ? [{ via: `${name} -c`, text: operand, dialect: 'posix', positional: args.slice(i + 1) }] : [];
  if (commandMode || !input) return [];
  return [{ via: `${input.source} to ${name}`, text: input.text, dialect: 'posix' }];
}

function suInner(name: string, args: readonly string[]): Inner[] {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const long = /^--(session-)?command(=(.*))?$/.exec(arg);
    const short = arg.startsWith('--') ? null : /^-[A-Za-z]*?c(.*)$/.exec(arg);
    const value = long ? (long[2] ? long[3] : args[i + 1]) : short ? short[1] || args[i + 1] : undefined;
    if (long || short) return value ? [{ via: `${name} -c`, text: value, dialect: 'posix' }] : [];
    if (arg === '--') return args.length > i + 1 ? [{ via: name, argv: args.slice(i + 1) }] : [];
  }
  return [];
}

/** watch joins its words and hands them to `sh -c`, unless -x runs them as they are. */
function watchInner(args: readonly string[]): Inner[] {
  let exec = false;
  let i = 0;
  for (; i < args.length && /^-./.test(args[i] as string); i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      i++;
      break;
    }
    if (arg === '--exec' || /^-[A-Za-z]*x/.test(arg)) exec = true;
    if (arg === '--interval' || /^-[A-Za-z]*n$/.test(arg)) i++;
  }
  const rest = args.slice(i);
  if (rest.length === 0) return [];
  return exec ? [{ via: 'watch', argv: rest }] : [{ via: 'watch', text: rest.join(' '), dialect: 'posix' }];
}

/** flock [options] FILE -c STRING, or flock [options] FILE COMMAND ARGS. */
function flockInner(args: readonly string[]): Inner[] {
  let i = 0;
  for (; i < args.length && /^-./.test(args[i] as string); i++) {
    if (/^(-[A-Za-z]*[wE]|--timeout|--conflict-exit-code)$/.test(args[i] as string)) i++;
  }
  const rest = args.slice(i + 1);
  if (rest[0] === '-c' || rest[0] === '--command')
    return rest[1] ? [{ via: 'flock -c', text: rest[1], dialect: 'posix' }] : [];
  return rest.length > 0 ? [{ via: 'flock', argv: rest }] : [];
}

/** find's starting points: the words before its first expression (default `.`). */
export function findStartPaths(args: readonly string[]): { starts: string[]; exprAt: number } {
  let i = 0;
  while (i < args.length && /^-([HLP]|O\d*|D)$/.test(args[i] as string)) i += args[i] === '-D' ? 2 : 1;
  const starts: string[] = [];
  for (; i < args.length && !/^[-(!,]/.test(args[i] as string); i++) starts.push(args[i] as string);
  return { starts: starts.length > 0 ? starts : ['.'], exprAt: i };
}

/** -exec/-execdir/-ok/-okdir COMMAND … ; or + : each starting point may stand for `{}`. */
function findInner(args: readonly string[]): Inner[] {
  const { starts, exprAt } = findStartPaths(args);
  const inners: Inner[] = [];
  for (let i = exprAt; i < args.length; i++) {
    const action = args[i] as string;
    if (!/^-(exec|execdir|ok|okdir)$/.test(action)) continue;
    let end = i + 1;
    while (end < args.length && !(args[end] === ';' || (args[end] === '+' && args[end - 1] === '{}'))) end++;
    const argv = args.slice(i + 1, end);
    if (argv.length > 0) inners.push({ via: `find ${action}`, argv, feed: { words: starts, placeholder: '{}' } });
    i = end;
  }
  return inners;
}

/** xargs [options] COMMAND …: the input's words are appended, or replace -I's string. */
function xargsInner(args: readonly string[], input: KnownInput | null): Inner[] {
  let placeholder: string | undefined;
  let fromFile = false;
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      i++;
      break;
    }
    if (arg.startsWith('--')) {
      const [name, value] = arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
      if (name === '--replace') placeholder = value ?? '{}';
      else if (name === '--arg-file') fromFile = true;
      if (value === undefined && (name === '--arg-file' || XARGS_LONG.includes(name))) i++;
      continue;
    }
    if (!/^-./.test(arg)) break;
    for (let j = 1; j < arg.length; j++) {
      const flag = arg[j] as string;
      const attached = arg.slice(j + 1);
      if (flag === 'I' || flag === 'i') {
        placeholder = attached || (flag === 'I' ? args[++i] : '{}');
        break;
      }
      // -e and -l take a value only when it is attached; the others take the next word.
      if (flag === 'e' || flag === 'l') break;
      if (!'nLPsdEa'.includes(flag)) continue;
      if (flag === 'a') fromFile = true;
      if (attached === '') i++;
      break;
    }
  }
  const argv = args.slice(i);
  if (argv.length === 0) return [];
  const words = fromFile || !input ? [] : input.text.split(/\s+/).filter((word) => word !== '');
  return [{ via: 'xargs', argv, feed: placeholder === undefined ? { words } : { words, placeholder } }];
}

/** -Command (and its prefixes) takes the rest of the line; -EncodedCommand is base64 of UTF-16LE. */
function powershellInner(name: string, args: readonly string[]): Inner[] {
  for (let i = 0; i < args.length; i++) {
    const option = /^[-/](\w+)$/.exec(args[i] as string)?.[1]?.toLowerCase();
    if (!option) continue;
    if ('command'.startsWith(option))
      return [{ via: `${name} -Command`, text: args.slice(i + 1).join(' '), dialect: 'cmd' }];
    if (option === 'e' || option === 'ec' || (option.length > 1 && 'encodedcommand'.startsWith(option))) {
      const decoded = decodeUtf16Base64(args[i + 1] ?? '');
      return decoded ? [{ via: `${name} -EncodedCommand`, text: decoded, dialect: 'cmd' }] : [];
    }
    if ('file'.startsWith(option)) return [];
  }
  return [];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeUtf16Base64(encoded: string): string | null {
  const clean = encoded.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]+$/.test(clean)) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    buffer = ((buffer << 6) | BASE64.indexOf(ch)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2)
    text += String.fromCharCode((bytes[i] as number) | ((bytes[i + 1] as number) << 8));
  return text;
}
