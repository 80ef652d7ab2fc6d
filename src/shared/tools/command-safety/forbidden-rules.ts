// The rules for one command, once the line has been read (describe-command.ts)
// and wrappers looked through: what destroys a disk, the system or the home
// directory, or stops the machine.
import { programName, stripWrappers } from './command-wrappers';
import { isCriticalPath } from './critical-paths';
import { findStartPaths } from './nested-commands';
import type { Redirect } from './shell-words';

/** Why a command was refused; `rule` is stable for tests and logs. */
export interface ForbiddenMatch {
  rule:
    | 'recursive-delete'
    | 'format'
    | 'raw-device'
    | 'fork-bomb'
    | 'power'
    | 'recursive-permissions'
    | 'move-root'
    | 'unreadable';
  reason: string;
}

const POWER = new Set(['shutdown', 'reboot', 'halt', 'poweroff', 'stop-computer', 'restart-computer', 'kexec']);
const DELETERS = new Set(['rm', 'shred', 'unlink', 'rmdir']);
const FORMAT = /^(mkfs(\..+)?|mke2fs|mkswap|wipefs|format|format\.com|diskpart)$/;

/**
 * `critical` says whether a path is one the rules protect (it knows the home directory and a `cd` into a critical
 * place).
 */
export function checkProgram(
  argv: readonly string[],
  redirects: readonly Redirect[],
  critical: (path: string) => boolean,
): ForbiddenMatch | null {
  const redirect = redirects.find((r) => /^(&>>|&>|>>|>\||>|<>)$/.test(r.op) && isBlockDevice(r.target));
  if (redirect)
    return { rule: 'raw-device', reason: `redirecting output to ${redirect.target} would overwrite a disk device` };
  if (argv[0] === undefined) return null;
  const cmd = programName(argv[0]);
  const args = argv.slice(1);

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
  if (
    ['rd', 'del', 'erase', 'remove-item', 'ri', 'rm'].includes(cmd) &&
    args.some((a) => /^(\/s|-recurse|-r)$/i.test(a))
  ) {
    const target = args.filter((a) => !/^\/[a-z?]+$/i.test(a) && !/^-[a-z]+$/i.test(a)).find(critical);
    if (target !== undefined) return { rule: 'recursive-delete', reason: `${cmd} of "${target}"` };
  }
  if ((cmd === 'chmod' || cmd === 'chown' || cmd === 'chgrp') && hasRecursive(args) && operands(args).some(critical)) {
    return { rule: 'recursive-permissions', reason: `recursive ${cmd} on a system or home directory` };
  }
  if (cmd === 'mv' && operands(args).slice(0, -1).some(critical)) {
    return { rule: 'move-root', reason: 'moving a system or home directory away' };
  }
  // Deleting every file under a critical place is as bad as deleting the place (the inner -exec command is judged on
  // its own too).
  if (
    cmd === 'find' &&
    findStartPaths(args).starts.some(critical) &&
    args.some(
      (a, i) =>
        a === '-delete' ||
        (/^-(exec|execdir|ok|okdir)$/.test(a) && DELETERS.has(programName(stripWrappers(args.slice(i + 1))[0] ?? ''))),
    )
  ) {
    return { rule: 'recursive-delete', reason: 'find deleting everything under a system or home directory' };
  }
  return null;
}

/** Where a `cd` goes: `cd` alone goes home. */
export function changesDirectory(argv: readonly string[]): { to: string | null } | null {
  const cmd = programName(argv[0] ?? '');
  if (!['cd', 'pushd', 'set-location', 'chdir', 'sl'].includes(cmd)) return null;
  return { to: argv.slice(1).find((a) => !/^-[LPe@]+$/.test(a)) ?? null };
}

export function criticalPathCheck(homeDir: string | undefined, inCriticalDir: boolean): (path: string) => boolean {
  return (path) => isCriticalPath(path, homeDir) || (inCriticalDir && /^(\*|\.\*?|\.\/\*?|\.\/\.\*)$/.test(path));
}

const DEVICE =
  /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper\/|loop\d|sr\d)/;

function isBlockDevice(path: string): boolean {
  return DEVICE.test(path) || /^\\\\\.\\physicaldrive/i.test(path);
}

function hasRecursive(args: readonly string[]): boolean {
  return args.some((a) => a === '--recursive' || /^-[A-Za-z]*[rR]/.test(a));
}

function operands(args: readonly string[]): string[] {
  const dashDash = args.indexOf('--');
  if (dashDash !== -1)
    return [...args.slice(0, dashDash).filter((a) => !a.startsWith('-')), ...args.slice(dashDash + 1)];
  return args.filter((a) => !a.startsWith('-') || a === '-');
}
