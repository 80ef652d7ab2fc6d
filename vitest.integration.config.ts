// The integration tier: tests that run real parts (llama-server, tool workers, MCP
// servers, side binaries, child processes). The global setup refuses to start when the
// provisioned binaries and test models are missing, so a missing one never reads as green.
import { basename, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vitest.config.ts';

/**
 * Seconds each of the longest files took in a full run on two cores, for a fresh clone, where vitest has no timings of
 * its own yet. By file name, so a file that moves keeps its place.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  'no-orphan.slow.test.ts': 148,
  'eva.integration.test.ts': 96,
  'convert-service.integration.test.ts': 78,
  'hostile-inputs.integration.test.ts': 77,
  'durability.integration.test.ts': 70,
  'knowledge-recovery.integration.test.ts': 60,
  'folder-code-guard.integration.test.ts': 43,
  'tool-runner.integration.test.ts': 43,
  'question-crash.integration.test.ts': 40,
  'backend-manager.integration.test.ts': 21,
};

/**
 * Longest first, so the workers finish together: started last, the 148 s file alone would be the tail of the run.
 * A file's own last time (vitest's cache) wins over the table.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const expected = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      return cached ?? (EXPECTED_SECONDS[basename(spec.moduleId)] ?? 0) * 1000;
    };
    return sorted.sort((a, b) => expected(b) - expected(a));
  }
}

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['src/**/*.integration.test.ts', 'src/**/*.slow.test.ts', 'scripts/**/*.integration.test.ts'],
    sequence: { sequencer: LongestFirst },
    // Most of an integration test is waiting (a server starting, a child exiting, a stream): with two workers the
    // tier kept about 1.1 of the two cores busy, so a third worker fills the waits instead of adding to the load.
    maxWorkers: 3,
  },
});
