// Runs inside the guardian process (see guardian.ts): waits for its stdin to
// close — the app said goodbye, or died — then stops what the run left.
import { parseArgs } from 'node:util';
import { sweepLeftovers } from './leftover-sweep';
import { LIFECYCLE_TAG } from './lifecycle-tag';

export function runGuardian(argv: readonly string[]): void {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      ledger: { type: 'string' },
      tag: { type: 'string' },
      'grace-ms': { type: 'string' },
      owner: { type: 'string' },
    },
    strict: true,
  });
  const ledgerFile = values.ledger;
  const tag = values.tag;
  const graceMs = /^\d+$/.test(values['grace-ms'] ?? '') ? Number(values['grace-ms']) : 2_000;
  const owner = /^\d+$/.test(values.owner ?? '') ? Number(values.owner) : 0;
  if (!ledgerFile || !tag) {
    console.error('guardian: --ledger and --tag are required');
    process.exit(2);
  }
  // Signals meant for the app's terminal are not for us; only the pipe decides.
  for (const signal of ['SIGINT', 'SIGHUP'] as const) process.on(signal, () => undefined);
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    const report = await sweepLeftovers({
      ledgerFile,
      graceMs,
      tag: { name: LIFECYCLE_TAG, matches: (value) => value === tag },
      exclude: [owner],
    });
    if (report.stopped.length > 0)
      console.error(`guardian: stopped ${report.stopped.map((p) => `${p.name} (${p.pid})`).join(', ')}`);
    process.exit(0);
  };
  process.stdin.on('end', () => void sweep());
  process.stdin.on('close', () => void sweep());
  process.stdin.on('error', () => void sweep());
  process.stdin.resume();
}
