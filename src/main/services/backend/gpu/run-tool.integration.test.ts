import { describe, expect, it } from 'vitest';
import { runTool } from './run-tool';

const node = process.execPath;

describe('runTool', () => {
  it('returns stdout of a tool that succeeds', async () => {
    expect(await runTool(node, ['-e', 'process.stdout.write("GPU0, 8192, 8000\\n")'], 10_000)).toEqual({
      ok: true,
      stdout: 'GPU0, 8192, 8000\n',
    });
  });

  it('passes arguments verbatim, without a shell', async () => {
    const tricky = ['a b', '$HOME', '; echo hi', '"quoted"'];
    const result = await runTool(
      node,
      ['-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))', ...tricky],
      10_000,
    );
    expect(JSON.parse(result.stdout)).toEqual(tricky);
  });

  it('reports a non-zero exit as not ok, keeping what it printed', async () => {
    expect(await runTool(node, ['-e', 'process.stdout.write("partial"); process.exit(3)'], 10_000)).toEqual({
      ok: false,
      stdout: 'partial',
    });
  });

  it('reports a missing tool as not ok instead of throwing', async () => {
    expect(await runTool('/nonexistent/definitely-not-a-tool', [], 10_000)).toEqual({ ok: false, stdout: '' });
  });

  it('kills a tool that runs past the timeout', async () => {
    const result = await runTool(node, ['-e', 'setTimeout(() => {}, 60_000)'], 300);
    expect(result.ok).toBe(false);
  });

  it('does not throw for arguments the OS cannot take', async () => {
    expect(await runTool(node, ['bad\0arg'], 10_000)).toEqual({ ok: false, stdout: '' });
  });
});
