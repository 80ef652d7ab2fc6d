// The table of hostile inputs (hostile-inputs.ts): each row runs in a process of its
// own, so an input that crashes EVA's code or exhausts its memory fails its row
// instead of the runner. The figures go to test-results/hostile-inputs.json.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSTILE_INPUTS } from './hostile-inputs';

interface RowResult {
  outcome: string;
  ms: number;
  startMb: number;
  peakMb: number;
}

const CHILD = resolve(import.meta.dirname, 'run-hostile-input.ts');
const results: Array<RowResult & { name: string; surface: string }> = [];

function runRow(index: number, dir: string): Promise<RowResult> {
  return new Promise((done, fail) => {
    // A 1 GB heap: an input that would need more dies here, as it would in a worker with a cap.
    execFile(
      process.execPath,
      ['--max-old-space-size=1024', '--import', 'tsx', CHILD, String(index), dir],
      { timeout: 120_000, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        const line = stdout.trim().split('\n').at(-1) ?? '';
        try {
          done(JSON.parse(line) as RowResult);
        } catch {
          fail(
            new Error(
              `the row's process ended without a result (${error?.message ?? 'no error'}): ${stderr.slice(-2000)}`,
            ),
          );
        }
      },
    );
  });
}

describe('hostile inputs: nothing a user downloads or adds runs code in EVA or crashes it', () => {
  afterAll(() => {
    mkdirSync(resolve('test-results'), { recursive: true });
    writeFileSync(resolve('test-results', 'hostile-inputs.json'), `${JSON.stringify(results, null, 2)}\n`);
  });

  it('has rows for every surface the table covers', () => {
    const surfaces = new Set(HOSTILE_INPUTS.map((row) => row.surface));
    for (const surface of ['convert', 'knowledge', 'gguf', 'download', 'rpc', 'image-tool'])
      expect(surfaces, surface).toContain(surface);
  });

  HOSTILE_INPUTS.forEach((row, index) => {
    it(`${row.surface}: ${row.name}`, { timeout: 180_000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'eva-hostile-'));
      try {
        const result = await runRow(index, dir);
        results.push({ name: row.name, surface: row.surface, ...result });
        expect(result.outcome).toMatch(row.expect);
        expect(
          result.peakMb - result.startMb,
          `grew from ${result.startMb.toFixed(0)} to ${result.peakMb.toFixed(0)} MB`,
        ).toBeLessThan(row.maxGrowthMb ?? 150);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
