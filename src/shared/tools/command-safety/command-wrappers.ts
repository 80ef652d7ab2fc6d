// Words in front of a command that only change how it runs — sudo, env,
// nohup, timeout 5, nice -n 10, busybox, `if`/`then`, NAME=value — looked
// through, with their own options, so that the classifier judges the program
// that really runs: `sudo -u root env -i timeout 5 rm -rf /` is `rm -rf /`.
import { readShell } from './shell-words';

interface WrapperSpec {
  /** short options that take a value: `-u root` or `-uroot` */
  values?: string;
  /** long options that take the next word as their value unless written `--opt=value` */
  long?: readonly string[];
  /** words between the options and the command: timeout's duration, chroot's new root */
  operands?: number;
  /** short options after which no command runs (`command -v rm` only describes rm) */
  noRun?: string;
  /** env's -S: its value is split into words that become the command */
  split?: string;
  /** env's lone `-`, the old spelling of -i */
  loneDash?: boolean;
}

const KEYWORD: WrapperSpec = {};
const WRAPPERS: Record<string, WrapperSpec> = {
  sudo: {
    values: 'ugpChDrtTUa',
    long: [
      '--user',
      '--group',
      '--host',
      '--prompt',
      '--chdir',
      '--role',
      '--type',
      '--command-timeout',
      '--other-user',
      '--close-from',
    ],
    noRun: 'lveK',
  },
  doas: { values: 'uC', noRun: 'L' },
  pkexec: { long: ['--user'] },
  env: { values: 'uCPS', long: ['--unset', '--chdir', '--split-string'], split: 'S', loneDash: true },
  nohup: {},
  setsid: {},
  time: { values: 'fo', long: ['--format', '--output'] },
  timeout: { values: 'sk', long: ['--signal', '--kill-after'], operands: 1 },
  nice: { values: 'n', long: ['--adjustment'] },
  ionice: { values: 'cnpPu', long: ['--class', '--classdata'] },
  chrt: { operands: 1 },
  taskset: { operands: 1 },
  stdbuf: { values: 'ioe', long: ['--input', '--output', '--error'] },
  command: { noRun: 'vV' },
  builtin: {},
  exec: { values: 'a' },
  chroot: { long: ['--userspec', '--groups'], operands: 1 },
  strace: { values: 'oepsuEIbaOSXP' },
  ltrace: { values: 'oepsuEn' },
  busybox: {},
  unbuffer: {},
  catchsegv: {},
  eatmydata: {},
  fakeroot: { values: 'lsi', long: ['--lib', '--faked'] },
  torsocks: {},
  proxychains: { values: 'f' },
  proxychains4: { values: 'f' },
  gosu: { operands: 1 },
  'su-exec': { operands: 1 },
  unshare: {},
  caffeinate: { values: 'tw' },
  // Shell keywords in front of a command run it all the same.
  if: KEYWORD,
  then: KEYWORD,
  else: KEYWORD,
  elif: KEYWORD,
  do: KEYWORD,
  while: KEYWORD,
  until: KEYWORD,
  '!': KEYWORD,
};

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/** The program's own name, as the rules compare it: `/usr/bin/RM.exe` → `rm`. */
export function programName(word: string): string {
  return (word.split(/[\\/]/).pop() ?? word).toLowerCase().replace(/\.exe$/, '');
}

/** The argv that really runs; empty when the wrappers run nothing (`command -v rm`, a bare `FOO=1`). */
export function stripWrappers(argv: readonly string[]): string[] {
  let rest = [...argv];
  for (let guard = 0; guard < 32 && rest.length > 0; guard++) {
    const first = rest[0] as string;
    if (ASSIGNMENT.test(first)) {
      rest = rest.slice(1);
      continue;
    }
    const spec = WRAPPERS[programName(first)];
    if (!spec) break;
    const skipped = skipOptions(rest.slice(1), spec);
    if (!skipped) return [];
    rest = [...skipped.insert, ...rest.slice(1 + skipped.next)];
  }
  return rest;
}

/** Where a wrapper's command starts in `args`; null when the options say none runs. */
export function skipOptions(args: readonly string[], spec: WrapperSpec): { next: number; insert: string[] } | null {
  let i = 0;
  while (i < args.length) {
    const word = args[i] as string;
    if (word === '--') {
      i++;
      break;
    }
    if (word.startsWith('--')) {
      const [name, value] = splitLong(word);
      const takesValue = spec.long?.includes(name) ?? false;
      if (takesValue && spec.split && name === '--split-string')
        return { next: i + (value === undefined ? 2 : 1), insert: splitWords(value ?? args[i + 1] ?? '') };
      i += takesValue && value === undefined ? 2 : 1;
      continue;
    }
    if (word === '-' && spec.loneDash) {
      i++;
      continue;
    }
    if (!/^-./.test(word)) break;
    for (let j = 1; j < word.length; j++) {
      const flag = word[j] as string;
      if (spec.noRun?.includes(flag)) return null;
      if (!spec.values?.includes(flag)) continue;
      const attached = word.slice(j + 1);
      if (attached === '') i++;
      if (spec.split === flag) return { next: i + 1, insert: splitWords(attached || (args[i] ?? '')) };
      break;
    }
    i++;
  }
  if (spec.operands) i += spec.operands;
  return { next: Math.min(i, args.length), insert: [] };
}

function splitLong(word: string): [string, string | undefined] {
  const eq = word.indexOf('=');
  return eq === -1 ? [word, undefined] : [word.slice(0, eq), word.slice(eq + 1)];
}

/** env -S "rm -rf /": the string is split into words the way a shell would. */
function splitWords(text: string): string[] {
  return readShell(text).commands.flatMap((command) => command.words);
}
