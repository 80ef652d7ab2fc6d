// An app stand-in for the guardian test: opens a lifecycle with the real
// guardian (TS entry through tsx), starts a sleeper and a daemon that leaves
// its process group (setsid), prints their pids, and waits to be killed:
// `node --import tsx lifecycle-child.ts <runDir>`.
import { join } from 'node:path';
import { openProcessLifecycle } from '@main/services/process/process-lifecycle';

const runDir = process.argv[2] as string;
const lifecycle = await openProcessLifecycle({
  runDir,
  guardian: {
    command: process.execPath,
    args: ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'main', 'workers', 'process-guardian.ts')],
  },
  sweepGraceMs: 1_000,
});
const sleeper = lifecycle.launch({ name: 'sleeper', command: 'sleep', args: ['60'], output: { mode: 'none' } });
let daemon = 0;
lifecycle.launch({
  name: 'daemonizer',
  command: 'sh',
  args: ['-c', 'setsid sleep 61 > /dev/null 2>&1 < /dev/null & echo $!; sleep 60'],
  output: { mode: 'lines', onLine: (_s, line) => (daemon ||= Number(line)) },
});
while (daemon === 0) await new Promise((resolve) => setTimeout(resolve, 10));
console.log(JSON.stringify({ sleeper: sleeper.pid, daemon }));
setInterval(() => undefined, 1_000);
