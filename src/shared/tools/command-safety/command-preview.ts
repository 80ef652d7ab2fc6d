// What the approval card shows for execute_command: the exact command, and
// under it the commands the guard found in it (describe-command.ts), so that
// `echo "$(rm -rf ~)"` shows the rm it hides. Capped: the card stays compact
// and a huge line cannot flood the event.
import type { ToolPreview } from '../agent/agent-types';
import { describeCommand } from './describe-command';
import type { ShellDialect } from './shell-words';

export const PREVIEW_LIMITS = { segments: 24, words: 32, wordChars: 200 } as const;

export function commandPreview(command: string, dialect: ShellDialect = 'posix'): ToolPreview {
  const all = describeCommand(command, { dialect }).segments;
  const segments = all
    .slice(0, PREVIEW_LIMITS.segments)
    .map((segment) => ({ ...segment, argv: capWords(segment.argv) }));
  const omitted = all.length - segments.length;
  return omitted > 0
    ? { kind: 'command', text: command, segments, omittedSegments: omitted }
    : { kind: 'command', text: command, segments };
}

function capWords(argv: readonly string[]): string[] {
  const words = argv
    .slice(0, PREVIEW_LIMITS.words)
    .map((word) => (word.length > PREVIEW_LIMITS.wordChars ? `${word.slice(0, PREVIEW_LIMITS.wordChars)}…` : word));
  return argv.length > words.length ? [...words, '…'] : words;
}
