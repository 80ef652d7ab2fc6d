import { describe, expect, it } from 'vitest';
import { commandPreview, PREVIEW_LIMITS } from './command-preview';
import { describeCommand } from './forbidden-commands';

describe('describeCommand', () => {
  it('lists what a substitution in double quotes runs, before the command that uses it', () => {
    expect(describeCommand('echo "$(rm -rf ./build)"').segments).toEqual([
      { argv: ['rm', '-rf', './build'], via: 'command substitution' },
      { argv: ['echo', '$(rm -rf ./build)'] },
    ]);
  });
  it('keeps text that is only text as one word', () => {
    expect(describeCommand('echo "rm -rf /"').segments).toEqual([{ argv: ['echo', 'rm -rf /'] }]);
  });
  it('names the way into nested commands, outermost first', () => {
    expect(describeCommand(`bash -xc 'make && echo "$(date)"'`).segments).toEqual([
      { argv: ['bash', '-xc', 'make && echo "$(date)"'] },
      { argv: ['make'], via: 'bash -c' },
      { argv: ['date'], via: 'bash -c › command substitution' },
      { argv: ['echo', '$(date)'], via: 'bash -c' },
    ]);
  });
  it('shows what find -exec, xargs, eval and a piped shell run', () => {
    const vias = (line: string) => describeCommand(line).segments.map((s) => s.via ?? '');
    expect(vias('find . -name "*.o" -exec rm {} +')).toEqual(['', 'find -exec']);
    expect(vias('git ls-files | xargs -0 wc -l')).toEqual(['', '', 'xargs']);
    expect(vias('eval "ls -la"')).toEqual(['', 'eval']);
    expect(vias("echo 'ls' | sh")).toEqual(['', '', 'pipe to sh']);
    expect(vias('cat <(ls) && (cd src; ls)')).toEqual(['process substitution', '', 'subshell', 'subshell']);
  });
  it('reads the line as cmd.exe when asked', () => {
    expect(describeCommand('del /q build\\*.obj & dir', { dialect: 'cmd' }).segments).toEqual([
      { argv: ['del', '/q', 'build\\*.obj'] },
      { argv: ['dir'] },
    ]);
  });
});

describe('commandPreview', () => {
  it('carries the exact command and its segments', () => {
    expect(commandPreview('ls -la | wc -l')).toEqual({
      kind: 'command',
      text: 'ls -la | wc -l',
      segments: [{ argv: ['ls', '-la'] }, { argv: ['wc', '-l'] }],
    });
  });
  it('caps the number of segments, of words and their length', () => {
    const line = Array.from({ length: 30 }, (_, i) => `echo ${i}`).join('; ');
    const preview = commandPreview(line);
    expect(preview.segments).toHaveLength(PREVIEW_LIMITS.segments);
    expect(preview.omittedSegments).toBe(30 - PREVIEW_LIMITS.segments);
    const long = commandPreview(`echo ${'x'.repeat(500)} ${'a '.repeat(40)}`).segments?.[0]?.argv ?? [];
    expect(long[1]).toHaveLength(PREVIEW_LIMITS.wordChars + 1);
    expect(long).toHaveLength(PREVIEW_LIMITS.words + 1);
    expect(long.at(-1)).toBe('…');
  });
});
