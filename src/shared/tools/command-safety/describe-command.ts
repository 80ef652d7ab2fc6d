// Every command a line runs, as the guard understands it: the simple commands
// of the line and, recursively, the ones hidden inside — substitutions,
// subshells, sh -c strings, eval, find -exec, xargs, a shell fed by a pipe.
// The forbidden-command rules judge each of them; the approval card lists them.
import { programName, stripWrappers } from './command-wrappers';
import { findStartPaths, innerCommands, type Feed, type KnownInput } from './nested-commands';
import { readShell, type Redirect, type ShellCommand, type ShellDialect } from './shell-words';

/** One command the line runs, as the guard reads it. */
export interface GuardSegment {
  /** the words as written */
  argv: string[];
  /** what really runs: known variables filled in, wrappers, NAME=value and keywords looked through */
  program: string[];
  /** how it is reached, outermost first; empty for the line's own commands */
  via: string[];
  redirects: Redirect[];
  /** find's starting points or xargs's input, which take the place of `{}` or are appended */
  feed?: Feed;
}

/** A line's segments; `tooDeep` when nesting went past what the guard follows (it refuses then). */
export interface GuardReading {
  segments: GuardSegment[];
  tooDeep: boolean;
}

/** One segment for the approval card. */
export interface CommandSegment {
  argv: string[];
  /** how it is reached, e.g. 'command substitution', 'bash -c', 'find -exec', 'xargs', joined with ' › ' */
  via?: string;
}

/** The commands a line runs, for the approval card. Pure; `cmd` reads it as cmd.exe would. */
export function describeCommand(
  commandLine: string,
  options: { dialect?: ShellDialect } = {},
): { segments: CommandSegment[] } {
  const reading = readSegments(commandLine, options.dialect ?? 'posix');
  return {
    segments: reading.segments.map((segment) =>
      segment.via.length > 0 ? { argv: segment.argv, via: segment.via.join(' › ') } : { argv: segment.argv },
    ),
  };
}

// sh -c "sh -c \"…\"" a dozen levels deep is no honest command.
const MAX_DEPTH = 12;
// Bounds the work on a pathological line (find with many paths feeding nested shells);
// past it the guard refuses, as it does past MAX_DEPTH.
const MAX_SEGMENTS = 5000;

export function readSegments(commandLine: string, dialect: ShellDialect = 'posix'): GuardReading {
  const reading: GuardReading = { segments: [], tooDeep: false };
  expandLine(commandLine, dialect, [], 0, reading, new Map());
  return reading;
}

type Vars = Map<string, string>;

function expandLine(
  line: string,
  dialect: ShellDialect,
  via: string[],
  depth: number,
  out: GuardReading,
  vars: Vars,
): void {
  const shell = readShell(line, dialect);
  if (shell.tooDeep) out.tooDeep = true;
  for (const command of shell.commands) {
    // The card shows the words as written; the rules judge them with known variables filled in.
    const filled = fillVariables(command.words, vars);
    remember(filled, vars);
    const input = knownInput(command, shell.commands, vars, 0);
    expandArgv(command.words, filled, [...via, ...command.via], command.redirects, undefined, input, depth, out, vars);
  }
}

function expandArgv(
  argv: string[],
  filled: string[],
  via: string[],
  redirects: Redirect[],
  feed: Feed | undefined,
  input: KnownInput | null,
  depth: number,
  out: GuardReading,
  vars: Vars,
): void {
  if (out.segments.length >= MAX_SEGMENTS) {
    out.tooDeep = true;
    return;
  }
  const program = stripWrappers(filled);
  out.segments.push(feed ? { argv, program, via, redirects, feed } : { argv, program, via, redirects });
  // The fed forms, so that `find / -exec sh -c 'rm -rf {}' \;` reads the string with `/` in it.
  for (const form of fedForms(program, feed)) {
    for (const inner of innerCommands(form, input)) {
      if (depth >= MAX_DEPTH) {
        out.tooDeep = true;
        return;
      }
      const innerVia = [...via, inner.via];
      if ('text' in inner)
        expandLine(inner.text, inner.dialect, innerVia, depth + 1, out, withPositional(vars, inner.positional));
      else expandArgv(inner.argv, inner.argv, innerVia, [], inner.feed, null, depth + 1, out, vars);
    }
  }
}

/** The argv with its feed applied: one form per word that `{}` stands for, or the input appended (xargs). */
export function fedForms(program: string[], feed: Feed | undefined): string[][] {
  if (!feed || feed.words.length === 0) return [program];
  const placeholder = feed.placeholder;
  if (placeholder === undefined) return [[...program, ...feed.words]];
  if (!program.some((word) => word.includes(placeholder))) return [program];
  return feed.words.map((fed) => program.map((word) => word.split(placeholder).join(fed)));
}

function withPositional(vars: Vars, positional: string[] | undefined): Vars {
  if (!positional || positional.length === 0) return vars;
  const scoped = new Map(vars);
  positional.forEach((value, index) => scoped.set(String(index), value));
  scoped.set('@', positional.slice(1).join(' '));
  scoped.set('*', positional.slice(1).join(' '));
  return scoped;
}

/**
 * What the command reads on stdin, when the line says: a here-string, a here-document, or a pipe from
 * echo/printf/find/cat.
 */
function knownInput(command: ShellCommand, all: readonly ShellCommand[], vars: Vars, hops: number): KnownInput | null {
  for (const redirect of command.redirects) {
    if (redirect.op === '<<<') return { text: `${redirect.target}\n`, source: 'here-string' };
    if (redirect.body !== undefined) return { text: redirect.body, source: 'here-document' };
  }
  const producer = command.pipeFrom === undefined ? undefined : all[command.pipeFrom];
  if (!producer) return null;
  const program = stripWrappers(fillVariables(producer.words, vars));
  const args = program.slice(1);
  switch (programName(program[0] ?? '')) {
    case 'echo': {
      const first = args.findIndex((arg) => !/^-[neE]+$/.test(arg));
      return { text: `${unescape(first === -1 ? '' : args.slice(first).join(' '))}\n`, source: 'pipe' };
    }
    case 'printf': {
      const rest = args[0] === '--' ? args.slice(1) : args;
      const format = rest[0] ?? '';
      return { text: format.includes('%') ? rest.slice(1).join('\n') : unescape(format), source: 'pipe' };
    }
    case 'find':
      return { text: findStartPaths(args).starts.join('\n'), source: 'pipe' };
    case 'cat':
      return args.every((arg) => arg.startsWith('-')) && hops < 8 ? knownInput(producer, all, vars, hops + 1) : null;
    default:
      return null;
  }
}

function unescape(text: string): string {
  return text.replace(/\\n/g, '\n').replace(/\\t/g, '\t');
}

// $name, ${name}, and the positional $0…$9, ${10}, $@, $*.
const VARIABLE = /\$(?:\{([A-Za-z_]\w*|\d+|[@*])\}|([A-Za-z_]\w*|\d|[@*]))/g;
const WHOLE_VARIABLE = new RegExp(`^${VARIABLE.source}$`);

/**
 * `x=rm; $x -rf /`: variables set earlier on the line are filled in, and a bare
 * `$x` splits into words. This only adds refusals: an unknown `$x` is no
 * critical path either, and HOME, which the rules read literally, is never
 * filled (`HOME=/tmp/x; read HOME; rm -rf $HOME` must stay refused).
 */
function fillVariables(words: string[], vars: Vars): string[] {
  if (vars.size === 0) return words;
  return words.flatMap((word) => {
    const whole = WHOLE_VARIABLE.exec(word);
    const value = whole ? vars.get((whole[1] ?? whole[2]) as string) : undefined;
    if (value !== undefined) return value.split(/\s+/).filter((part) => part !== '');
    return [
      word.replace(
        VARIABLE,
        (match, braced: string | undefined, plain: string | undefined) =>
          vars.get((braced ?? plain) as string) ?? match,
      ),
    ];
  });
}

const DECLARE = ['export', 'declare', 'typeset', 'local', 'readonly'];
// Commands that may change a variable in ways the guard does not follow.
const SETTERS = new Set(['read', 'readarray', 'mapfile', 'getopts', 'printf', 'unset', 'let', ...DECLARE]);

/** Assignments alone on a command (`x=rm`, `export d=/`) and `for d in / ~` set variables for what follows. */
function remember(words: readonly string[], vars: Vars): void {
  const first = words[0] ?? '';
  if (first === 'eval' || first === 'source' || first === '.') vars.clear();
  // A value the guard cannot know ($(…), backticks) is forgotten rather than filled in wrong.
  const set = (name: string, value: string) =>
    name === 'HOME' || /[$`]/.test(value) ? vars.delete(name) : vars.set(name, value);
  const rest = DECLARE.includes(first) ? words.slice(1).filter((word) => !word.startsWith('-')) : words;
  if (rest[0] === 'for' && rest[2] === 'in' && rest[1] !== undefined) {
    set(rest[1], rest.slice(3).join(' '));
    return;
  }
  if (rest.length > 0 && rest.every((word) => /^[A-Za-z_]\w*=/.test(word))) {
    for (const word of rest) set(word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1));
    return;
  }
  // `read d`, `printf -v d …`, `unset d`: d is no longer known.
  if (SETTERS.has(first)) for (const word of words.slice(1)) vars.delete(word.split('=')[0] as string);
}
