import { describe, expect, it } from 'vitest';
import type { ConsentRequest, ToolPreview } from '@shared/tools/agent/agent-types';
import { commandPreview } from '@shared/tools/command-safety/command-preview';
import { unifiedDiff } from '@shared/tools/unified-diff';
import { approvalLines } from './approval-lines';

const card = (tool: string, args: Record<string, unknown>, preview: ToolPreview): ConsentRequest => ({
  requestId: 'r1',
  askId: 'a1',
  tool,
  risk: tool === 'execute_command' ? 'execute' : 'write',
  args,
  preview,
  choices: ['allow_once', 'allow_conversation', 'deny'],
});

const diffOf = (before: string, after: string, existed = true) =>
  unifiedDiff(before, after, { oldName: existed ? 'note.txt' : null, newName: 'note.txt' }).text;

const writeCard = (text: string) => card('write_file', { path: 'note.txt', content: '…' }, { kind: 'diff', text });

describe('approvalLines', () => {
  it('shows all of a command, a zero-width space and the trailing newline revealed, and where it runs', () => {
    const command = 'echo hi\u200b there\n';
    const lines = approvalLines(card('execute_command', { command }, { kind: 'command', text: command }), {
      workingDir: '/home/me/workspace',
      colour: false,
    });
    expect(lines).toEqual([
      '? execute_command wants to run (execute):',
      '  command:',
      '    echo hi⟦U+200B⟧ there↵',
      '    ',
      '  in: /home/me/workspace',
      '  ! 1 invisible character in it, shown as a ⟦U+…⟧ code',
      '  2 lines (each newline is marked ↵)',
    ]);
  });

  it('tells a right-to-left override apart, and shows it as its code', () => {
    const command = 'cat notes\u202etxt.sh';
    const lines = approvalLines(card('execute_command', { command }, { kind: 'command', text: command }), {
      workingDir: null,
      colour: false,
    });
    expect(lines).toContain('    cat notes⟦U+202E⟧txt.sh');
    expect(lines.some((line) => line.startsWith('  ! 1 of them changes the direction of text'))).toBe(true);
    expect(lines.some((line) => line.startsWith('  in:'))).toBe(false);
  });

  it('lists what the command runs as the guard reads it, the hidden command under how it is reached', () => {
    const command = 'echo "$(rm -rf ~/tmp)"';
    const lines = approvalLines(card('execute_command', { command }, commandPreview(command)), {
      workingDir: '/ws',
      colour: false,
    });
    expect(lines.slice(lines.indexOf('  runs:'))).toEqual([
      '  runs:',
      '      (command substitution) rm -rf ~/tmp',
      "    echo '$(rm -rf ~/tmp)'",
    ]);
    // one plain command: the line says it all
    expect(
      approvalLines(card('execute_command', {}, commandPreview('ls -la')), { workingDir: null, colour: false }),
    ).not.toContain('  runs:');
  });

  it("shows a write's path and its unified diff against the file, uncoloured when colour is off", () => {
    const lines = approvalLines(writeCard(diffOf('old\nsame\n', 'new\nsame\n')), { workingDir: null, colour: false });
    expect(lines).toEqual([
      '? write_file wants to run (write):',
      '  file: note.txt',
      '  +1 -1',
      '  --- a/note.txt',
      '  +++ b/note.txt',
      '  @@ -1,2 +1,2 @@',
      '  -old',
      '  +new',
      '   same',
    ]);
    expect(lines.join('\n')).not.toContain('\u001b');
  });

  it('colours additions green, removals red and hunk headers cyan when colour is on', () => {
    const lines = approvalLines(writeCard(diffOf('old\nsame\n', 'new\nsame\n')), { workingDir: null, colour: true });
    expect(lines).toContain('  \u001b[32m+new\u001b[39m');
    expect(lines).toContain('  \u001b[31m-old\u001b[39m');
    expect(lines).toContain('  \u001b[36m@@ -1,2 +1,2 @@\u001b[39m');
    expect(lines).toContain('   same');
    expect(lines).toContain('  --- a/note.txt');
  });

  it('shows a new file as all lines added, and cuts a long diff with a line saying how many were left out', () => {
    const content = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const lines = approvalLines(writeCard(diffOf('', content, false)), {
      workingDir: null,
      colour: false,
      maxLines: 10,
    });
    expect(lines.slice(1, 3)).toEqual(['  file: note.txt', '  new file, +100 -0']);
    // the two file headers, the hunk header, then the first seven added lines
    expect(lines.slice(3, 6)).toEqual(['  --- /dev/null', '  +++ b/note.txt', '  @@ -0,0 +1,100 @@']);
    expect(lines.slice(6, 13)).toEqual(Array.from({ length: 7 }, (_, i) => `  +line ${i + 1}`));
    expect(lines.at(-1)).toBe('  … 93 more lines left out (103 in all)');
    expect(lines).toHaveLength(14);
  });

  it("shows an escape sequence in the file's content as a code, never as a terminal command", () => {
    const lines = approvalLines(writeCard(diffOf('', 'a\u001b[2Jb\n', false)), { workingDir: null, colour: false });
    expect(lines).toContain('  +a⟦U+001B⟧[2Jb');
    expect(lines.join('\n')).not.toContain('\u001b');
  });

  it('says so when a write changes nothing', () => {
    expect(approvalLines(writeCard(''), { workingDir: null, colour: false }).slice(1)).toEqual([
      '  file: note.txt',
      '  no change: the file already holds this text',
    ]);
  });

  it('shows why there is no diff, and the arguments, when the core could not make one', () => {
    const args = { path: '../outside.txt', content: 'x' };
    const lines = approvalLines(card('write_file', args, { kind: 'none', text: 'outside the workspace' }), {
      workingDir: null,
      colour: false,
    });
    expect(lines).toEqual([
      '? write_file wants to run (write):',
      '  file: ../outside.txt',
      '  outside the workspace',
      '  arguments:',
      '    {',
      '      "path": "../outside.txt",',
      '      "content": "x"',
      '    }',
    ]);
  });
});
