// Commands refused before consent is even asked: wiping the disk or
// the home directory, formatting, writing raw devices, fork bombs, shutting
// the machine down. A guard rail against a model's worst mistakes, not a
// sandbox: anything cleverer (eval of base64, a script file, a variable set
// elsewhere) still reaches the approval card, which is the real protection.
//
// The line is read as a shell would (describe-command.ts): quotes, escapes
// and $'…' resolved; $(…) and backticks (in double quotes too), subshells,
// groups, sh -c, eval, env -S, find -exec, xargs and wrappers such as sudo
// looked into. Text that is only text — `echo "rm -rf /"` — stays text.
//
// xargs and pipes: a command fed by xargs is judged with the input's words
// when the line itself says what they are (`echo ~ | xargs rm -rf`, `find / |
// xargs rm -rf`, a here-string), and as written otherwise (`xargs rm -rf /`
// is refused, `git ls-files | xargs rm -f` goes on to consent). A shell that
// reads its commands from `echo … |` or a here-document has them judged too.
import { fedForms, readSegments, type GuardSegment } from './describe-command';
import { changesDirectory, checkProgram, criticalPathCheck, type ForbiddenMatch } from './forbidden-rules';
import { isCriticalPath } from './critical-paths';
import type { ShellDialect } from './shell-words';

export type { ForbiddenMatch } from './forbidden-rules';
export { describeCommand, type CommandSegment } from './describe-command';

/** What the classifier may know about the machine; both optional. */
export interface CommandContext {
  /** the user's home directory, so `/home/alice` counts like `~` */
  homeDir?: string;
}

/** null when the command may go on to consent; a match when it is refused outright. */
export function classifyCommand(command: string, context: CommandContext = {}): ForbiddenMatch | null {
  const raw = rawPatterns(command);
  if (raw) return raw;
  // Read it once as POSIX sh and once as cmd.exe (where `\` separates paths).
  const dialects: ShellDialect[] = ['posix', 'cmd'];
  for (const dialect of dialects) {
    const reading = readSegments(command, dialect);
    if (reading.tooDeep)
      return { rule: 'unreadable', reason: 'the command is nested too deeply or too long for the guard to read' };
    const found = checkSegments(reading.segments, context);
    if (found) return found;
  }
  return null;
}

function checkSegments(segments: readonly GuardSegment[], context: CommandContext): ForbiddenMatch | null {
  // `cd / && rm -rf *` is as bad as `rm -rf /*`: remember a cd into a critical place.
  let inCriticalDir = false;
  for (const segment of segments) {
    const cd = changesDirectory(segment.program);
    if (cd) {
      inCriticalDir = cd.to === null || isCriticalPath(cd.to, context.homeDir);
      continue;
    }
    const critical = criticalPathCheck(context.homeDir, inCriticalDir);
    for (const argv of fedForms(segment.program, segment.feed)) {
      const found = checkProgram(argv, segment.redirects, critical);
      if (found) return found;
    }
  }
  return null;
}

// Shapes a word splitter cannot see: fork bombs, shell and batch.
function rawPatterns(command: string): ForbiddenMatch | null {
  const compact = command.replace(/\s+/g, '');
  if (hasForkBomb(compact) || /function([A-Za-z_][\w-]{0,63})(\(\))?\{\1\|\1&/.test(compact)) {
    return { rule: 'fork-bomb', reason: 'a fork bomb would exhaust the machine' };
  }
  if (/%0\|%0/.test(compact)) return { rule: 'fork-bomb', reason: 'a batch fork bomb would exhaust the machine' };
  return null;
}

/**
 * `name(){ name|name& };name`. Anchored at each `(){` rather than one regex over
 * the line: a backtracking regex took seconds on a long line without any (names
 * are bounded for the same reason).
 */
function hasForkBomb(compact: string): boolean {
  for (let at = compact.indexOf('(){'); at !== -1; at = compact.indexOf('(){', at + 3)) {
    const run = /[\w:.-]{1,64}$/.exec(compact.slice(Math.max(0, at - 64), at))?.[0] ?? '';
    for (let start = 0; start < run.length; start++) {
      const name = run.slice(start);
      if (!/^[A-Za-z_:.]/.test(name)) continue;
      const body = new RegExp(`^${escapeRegExp(name)}\\|${escapeRegExp(name)}&?;?\\};?${escapeRegExp(name)}`);
      if (body.test(compact.slice(at + 3, at + 3 + 3 * name.length + 8))) return true;
    }
  }
  return false;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
