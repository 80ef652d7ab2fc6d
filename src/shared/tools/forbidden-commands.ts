// Commands refused before consent is even asked (seed 002): wiping the disk or
// the home directory, formatting, writing raw devices, fork bombs, shutting
// the machine down. A guard rail against a model's worst mistakes, not a
// sandbox: anything cleverer (eval of base64, a script file) still reaches the
// approval card, which is the real protection.
import { isCriticalPath } from './critical-paths';
import { splitShellCommand, type ShellSegment } from './shell-words';

/** Why a command was refused; `rule` is stable for tests and logs. */
export interface ForbiddenMatch {
  rule: 'recursive-delete' | 'format' | 'raw-device' | 'fork-bomb' | 'power' | 'recursive-permissions' | 'move-root';
  reason: string;
}

/** What the classifier may know about the machine; both optional. */
export interface CommandContext {
  /** the user's home directory, so `/home/alice` counts like `~` */
  homeDir?: string;
}

/** null when the command may go on to consent; a match when it is refused outright. */
export function classifyCommand(command: string, context: CommandContext = {}): ForbiddenMatch | null {
  return classify(command, context, 0);
}

const MAX_DEPTH = 4;

function classify(command: string, context: CommandContext, depth: number): ForbiddenMatch | null {
  const raw = rawPatterns(command);
  if (raw) return raw;
  // Read it once as POSIX sh and once as cmd.exe (where `\` separates paths).
  for (const backslashEscapes of [true, false]) {
    const found = checkSegments(splitShellCommand(command, { backslashEscapes }), context, depth);
    if (found) return found;
  }
  return null;
}

function checkSegments(segments: readonly ShellSegment[], context: CommandContext, depth: number): ForbiddenMatch | null {
  // `cd / && rm -rf *` is as bad as `rm -rf /*`: remember a cd into a critical place.
  let inCriticalDir = false;
  for (const segment of segments) {
    const argv = stripWrappers(segment);
    const cmd = argv[0] === undefined ? '' : programName(argv[0]);
    if (cmd === 'cd' || cmd === 'pushd' || cmd === 'set-location' || cmd === 'chdir') {
      inCriticalDir = argv[1] === undefined ? true : isCriticalPath(argv[1], context.homeDir);
      continue;
    }
    const found = checkSegment(segment, argv, cmd, context, depth, inCriticalDir);
    if (found) return found;
  }
  return null;
}

// Prefix words that run the rest of the line as a command.
const WRAPPERS = new Set(['sudo', 'doas', 'nohup', 'time', 'exec', 'command', 'builtin', 'nice', 'ionice', 'stdbuf', 'env', 'timeout', 'chroot', 'strace', 'busybox', 'xargs', 'watch', 'then', 'do', 'else', '!']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'su', 'eval', 'cmd', 'cmd.exe', 'powershell', 'powershell.exe', 'pwsh', 'pwsh.exe']);
const POWER = new Set(['shutdown', 'reboot', 'halt', 'poweroff', 'shutdown.exe', 'stop-computer', 'restart-computer', 'kexec']);
const FORMAT = /^(mkfs(\..+)?|mke2fs|mkswap|wipefs|format|format\.com|diskpart)$/;

function checkSegment(words: ShellSegment, argv: string[], cmd: string, context: CommandContext, depth: number, inCriticalDir: boolean): ForbiddenMatch | null {
  const redirect = deviceRedirect(words);
  if (redirect) return redirect;
  if (cmd === '') return null;
  const args = argv.slice(1).filter((word) => !isRedirect(word));
  const critical = (path: string) => isCriticalPath(path, context.homeDir) || (inCriticalDir && /^(\*|\.\*?|\.\/\*)$/.test(path));

  if (SHELLS.has(cmd) && depth < MAX_DEPTH) {
    // sh -c "…", eval "…", cmd /c …, powershell -Command …: judge the inner command too.
    const inner = cmd === 'eval' ? args.join(' ') : innerCommand(args);
    if (inner) {
      const found = classify(inner, context, depth + 1);
      if (found) return found;
    }
  }
  if (POWER.has(cmd)) return { rule: 'power', reason: `"${cmd}" would shut down or restart the computer` };
  if ((cmd === 'init' || cmd === 'telinit') && (args[0] === '0' || args[0] === '6')) {
    return { rule: 'power', reason: `"${cmd} ${args[0]}" would shut down or restart the computer` };
  }
  if (cmd === 'systemctl' && args.some((a) => ['poweroff', 'reboot', 'halt', 'kexec'].includes(a))) {
    return { rule: 'power', reason: 'systemctl would shut down or restart the computer' };
  }
  if (FORMAT.test(cmd)) return { rule: 'format', reason: `"${cmd}" formats or wipes a disk` };
  if (cmd === 'dd' && args.some((a) => /^of=/i.test(a) && isBlockDevice(a.slice(3)))) {
    return { rule: 'raw-device', reason: 'dd would overwrite a disk device' };
  }
  if ((cmd === 'shred' || cmd === 'tee') && args.some(isBlockDevice)) {
    return { rule: 'raw-device', reason: `"${cmd}" on a disk device would destroy its data` };
  }
  if ((cmd === 'cp' || cmd === 'mv') && isBlockDevice(operands(args).at(-1) ?? '')) {
    return { rule: 'raw-device', reason: `"${cmd}" onto a disk device would destroy its data` };
  }
  if (cmd === 'rm' || cmd === 'rmdir') {
    if (args.includes('--no-preserve-root')) return { rule: 'recursive-delete', reason: 'rm --no-preserve-root' };
    const target = hasRecursive(args) ? operands(args).find(critical) : undefined;
    if (target !== undefined) return { rule: 'recursive-delete', reason: `recursive delete of "${target}"` };
  }
  if (['rd', 'del', 'erase', 'remove-item', 'ri', 'rm'].includes(cmd) && args.some((a) => /^(\/s|-recurse|-r)$/i.test(a))) {
    const target = args.filter((a) => !/^\/[a-z?]+$/i.test(a) && !/^-[a-z]+$/i.test(a)).find(critical);
    if (target !== undefined) return { rule: 'recursive-delete', reason: `${cmd} of "${target}"` };
  }
  if ((cmd === 'chmod' || cmd === 'chown' || cmd === 'chgrp') && hasRecursive(args) && operands(args).some(critical)) {
    return { rule: 'recursive-permissions', reason: `recursive ${cmd} on a system or home directory` };
  }
  if (cmd === 'mv' && operands(args).slice(0, -1).some(critical)) {
    return { rule: 'move-root', reason: 'moving a system or home directory away' };
  }
  if (cmd === 'find' && critical(args[0] ?? '') && args.some((a) => a === '-delete' || programName(a) === 'rm')) {
    return { rule: 'recursive-delete', reason: 'find … -delete over a system or home directory' };
  }
  return null;
}

function stripWrappers(words: ShellSegment): string[] {
  let rest = [...words];
  for (let guard = 0; guard < 16 && rest.length > 0; guard++) {
    const first = rest[0] as string;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first)) {
      rest = rest.slice(1);
      continue;
    }
    const name = programName(first);
    if (!WRAPPERS.has(name)) break;
    rest = rest.slice(1);
    // Skip the wrapper's own options and their values (sudo -u root, timeout 5, nice -n 10).
    while (rest.length > 0) {
      const next = rest[0] as string;
      if (next.startsWith('-') && next.length > 1) {
        rest = rest.slice(1);
        if (/^-[ugnpCcDRTtsk]$/.test(next) && rest.length > 1) rest = rest.slice(1);
        continue;
      }
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(next) || /^\d+(\.\d+)?[smhd]?$/.test(next)) {
        rest = rest.slice(1);
        continue;
      }
      break;
    }
  }
  return rest;
}

function innerCommand(args: readonly string[]): string | null {
  const flag = args.findIndex((a) => /^(-c|-lc|-ic|-command|\/c|\/k|\/r)$/i.test(a));
  return flag === -1 ? null : args.slice(flag + 1).join(' ') || null;
}

function programName(word: string): string {
  return (word.split(/[\\/]/).pop() ?? word).toLowerCase();
}

function isRedirect(word: string): boolean {
  return /^(&>>|&>|>>|>\||>&|<<|>|<)$/.test(word);
}

function deviceRedirect(words: ShellSegment): ForbiddenMatch | null {
  for (let i = 0; i < words.length - 1; i++) {
    if (/^(&>>|&>|>>|>\||>)$/.test(words[i] as string) && isBlockDevice(words[i + 1] as string)) {
      return { rule: 'raw-device', reason: `redirecting output to ${words[i + 1]} would overwrite a disk device` };
    }
  }
  return null;
}

const DEVICE = /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper\/|loop\d|sr\d)/;

function isBlockDevice(path: string): boolean {
  return DEVICE.test(path) || /^\\\\\.\\physicaldrive/i.test(path);
}

function hasRecursive(args: readonly string[]): boolean {
  return args.some((a) => a === '--recursive' || /^-[A-Za-z]*[rR]/.test(a));
}

function operands(args: readonly string[]): string[] {
  const dashDash = args.indexOf('--');
  if (dashDash !== -1) return [...args.slice(0, dashDash).filter((a) => !a.startsWith('-')), ...args.slice(dashDash + 1)];
  return args.filter((a) => !a.startsWith('-') || a === '-');
}

// Shapes a word splitter cannot see: fork bombs, shell and batch.
function rawPatterns(command: string): ForbiddenMatch | null {
  const compact = command.replace(/\s+/g, '');
  if (/([A-Za-z_:.][\w:.-]*)\(\)\{\1\|\1&?;?\};?\1/.test(compact) || /function([A-Za-z_][\w-]*)(\(\))?\{\1\|\1&/.test(compact)) {
    return { rule: 'fork-bomb', reason: 'a fork bomb would exhaust the machine' };
  }
  if (/%0\|%0/.test(compact)) return { rule: 'fork-bomb', reason: 'a batch fork bomb would exhaust the machine' };
  return null;
}
