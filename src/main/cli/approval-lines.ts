// What `eva run` shows of an approval card before it asks, as the window's card
// does (ApprovalCard.tsx): for a command, all of it with invisible characters as
// codes and each newline marked, and where it runs; for a write or an edit, the
// file and the diff the core computed (agent-service.ts, before anything runs);
// otherwise the arguments. Everything that came from the model or a file is
// revealed (reveal-invisible.ts) before it reaches the terminal, so an escape
// sequence in a file's content is shown as a code and never acted on.
import type { ConsentRequest } from '@shared/tools/agent/agent-types';
import { revealInvisible } from '@shared/tools/command-safety/reveal-invisible';
import { segmentList } from '@shared/tools/command-safety/command-segments';
import { classifyDiffLines, diffCounts, type DiffLine } from '@shared/tools/diff-lines';
import { paint } from './terminal-colour';

export interface ApprovalView {
  /** where a command runs (the workspace, or the sandbox it runs in); null when not known */
  workingDir: string | null;
  /** colour the diff: green additions, red removals, cyan hunk headers */
  colour: boolean;
  /** how many lines of a diff or of the arguments are shown before the rest is cut (default 60) */
  maxLines?: number;
}

export const DEFAULT_MAX_LINES = 60;
const INDENT = '  ';

/** The card as lines, its title first; the question that follows them is the caller's. */
export function approvalLines(card: ConsentRequest, view: ApprovalView): string[] {
  const max = view.maxLines ?? DEFAULT_MAX_LINES;
  const { preview } = card;
  const lines = [`? ${card.tool} wants to run (${card.risk}):`];
  const path = typeof card.args.path === 'string' ? card.args.path : null;
  if (preview.kind === 'command') lines.push(...commandLines(preview.text, view.workingDir), ...segmentLines(preview));
  else if (preview.kind === 'diff') lines.push(...(path !== null ? [`${INDENT}file: ${shown(path)}`] : []));
  if (preview.kind === 'diff') lines.push(...diffLines(preview.text, view.colour, max));
  if (preview.kind === 'none') lines.push(...argumentLines(card, path, max));
  return lines;
}

function commandLines(command: string, workingDir: string | null): string[] {
  const revealed = revealInvisible(command);
  const lines = [`${INDENT}command:`, ...revealed.text.split('\n').map((line) => `${INDENT}${INDENT}${line}`)];
  if (workingDir !== null) lines.push(`${INDENT}in: ${shown(workingDir)}`);
  if (revealed.invisible > 0)
    lines.push(
      `${INDENT}! ${count(revealed.invisible, 'invisible character')} in it, shown as ${revealed.invisible === 1 ? 'a ⟦U+…⟧ code' : '⟦U+…⟧ codes'}`,
    );
  if (revealed.bidi > 0)
    lines.push(
      `${INDENT}! ${revealed.bidi === 1 ? '1 of them changes' : `${revealed.bidi} of them change`} the direction of text, which can make a command read differently from what runs; it is shown in the order it runs`,
    );
  if (revealed.lines > 1) lines.push(`${INDENT}${count(revealed.lines, 'line')} (each newline is marked ↵)`);
  return lines;
}

/**
 * Under the command, what it runs as the guard reads it, where that tells more than the line (segmentList): one
 * command a line, nested ones indented after how they are reached. A word with a space in it, or none, is quoted.
 */
function segmentLines(preview: ConsentRequest['preview']): string[] {
  const list = segmentList(preview);
  if (!list) return [];
  const word = (text: string) => {
    const seen = shown(text);
    return seen === '' || /\s/.test(seen) ? `'${seen.replace(/'/g, `'\\''`)}'` : seen;
  };
  return [
    `${INDENT}runs:`,
    ...list.rows.map(
      (row) => `${INDENT.repeat(2 + row.depth)}${row.via ? `(${row.via}) ` : ''}${row.words.map(word).join(' ')}`,
    ),
    ...(list.omitted > 0 ? [`${INDENT}${INDENT}… ${count(list.omitted, 'more command')}`] : []),
  ];
}

function diffLines(diff: string, colour: boolean, max: number): string[] {
  const all = classifyDiffLines(diff);
  if (all.length === 0) return [`${INDENT}no change: the file already holds this text`];
  const { added, removed } = diffCounts(all);
  const isNew = all.some((line) => line.kind === 'header' && line.text === '--- /dev/null');
  const counts = `${paint(`+${added}`, 'green', colour)} ${paint(`-${removed}`, 'red', colour)}`;
  const summary = `${INDENT}${isNew ? 'new file, ' : ''}${counts}`;
  const lines = all.slice(0, max).map((line) => INDENT + painted(line, colour));
  return [summary, ...lines, ...cut(all.length, max)];
}

function painted(line: DiffLine, colour: boolean): string {
  const text = shown(line.text);
  if (line.kind === 'add') return paint(text, 'green', colour);
  if (line.kind === 'del') return paint(text, 'red', colour);
  if (line.kind === 'hunk') return paint(text, 'cyan', colour);
  return text;
}

/** What the window's card shows when there is neither a command nor a diff: why, and the arguments. */
function argumentLines(card: ConsentRequest, path: string | null, max: number): string[] {
  const json = JSON.stringify(card.args, null, 2);
  const note = card.preview.text !== '' && card.preview.text !== json ? card.preview.text : null;
  const revealed = revealInvisible(json, { markNewlines: false });
  const all = revealed.text.split('\n');
  return [
    ...(path !== null && (card.tool === 'write_file' || card.tool === 'edit_file')
      ? [`${INDENT}file: ${shown(path)}`]
      : []),
    ...(note !== null ? [`${INDENT}${shown(note).replace(/\n/g, `\n${INDENT}`)}`] : []),
    `${INDENT}arguments:`,
    ...all.slice(0, max).map((line) => `${INDENT}${INDENT}${line}`),
    ...cut(all.length, max),
    ...(revealed.invisible > 0
      ? [`${INDENT}! ${count(revealed.invisible, 'invisible character')} in the arguments, shown as ⟦U+…⟧ codes`]
      : []),
  ];
}

function cut(total: number, max: number): string[] {
  return total > max ? [`${INDENT}… ${count(total - max, 'more line')} left out (${total} in all)`] : [];
}

/** One line of text as it is, its invisible characters (escape sequences among them) as codes. */
function shown(text: string): string {
  return revealInvisible(text, { markNewlines: false }).text;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
