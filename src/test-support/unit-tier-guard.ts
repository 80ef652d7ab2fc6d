// Setup of the unit tier (vitest.unit.config.ts): a unit test starts no process.
// Every way node:child_process starts one throws instead, with the fix in the
// message, so a test that needs llama-server, a worker, a tool command or a browser
// cannot slip into the fast loop; it belongs in a *.integration.test.ts file.
import { createRequire, syncBuiltinESMExports } from 'node:module';

const childProcess = createRequire(import.meta.url)('node:child_process') as Record<string, unknown>;

for (const name of ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync']) {
  childProcess[name] = () => {
    throw new Error(
      `unit tests start no process (child_process.${name} was called): name the test file *.integration.test.ts`,
    );
  };
}
syncBuiltinESMExports();
