// Child of hostile-inputs.integration.test.ts: runs one row of the table in a process
// of its own and prints one JSON line, {outcome, ms, startMb, peakMb}, peak being the
// process's high-water resident set (VmHWM) after the probe.
// Usage: node --import tsx run-hostile-input.ts <row index> <dir>
import { readFileSync } from 'node:fs';
import { HOSTILE_INPUTS } from './hostile-inputs';

function residentMb(field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const [index, dir] = process.argv.slice(2);
const row = HOSTILE_INPUTS[Number(index)];
if (!row || !dir) {
  console.error('usage: run-hostile-input <row index> <dir>');
  process.exit(2);
}
const startMb = residentMb('VmRSS');
const started = performance.now();
const outcome = await row.probe(dir).catch((error: unknown) => `probe threw: ${(error as Error).message}`);
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ outcome, ms, startMb, peakMb: residentMb('VmHWM') })}\n`);
process.exit(0);
