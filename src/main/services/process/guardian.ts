// The host side of the guardian: a small process of its own session that
// outlives the app on purpose. It holds the read end of a pipe whose write end
// only the app holds, so the kernel tells it the moment the app is gone —
// however it died (kill -9, a crash, the OOM killer) — and it then stops every
// child of this run: those in the ledger and, on Linux, those with the run's tag.
import { launchProcess, type ManagedProcess } from './launch';

/** How to run the guardian's entry (`out/main/process-guardian.js`, or the TS entry through tsx). */
export interface GuardianEntry {
  command: string;
  /** e.g. ['--import', 'tsx', '/…/process-guardian.ts'] or ['/…/process-guardian.js'] */
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export interface GuardianWatch {
  ledgerFile: string;
  /** the exact tag value of this run's children */
  tag: string;
  graceMs: number;
}

export function startGuardian(entry: GuardianEntry, watch: GuardianWatch): ManagedProcess {
  return launchProcess({
    name: 'guardian',
    command: entry.command,
    args: [
      ...entry.args,
      '--ledger',
      watch.ledgerFile,
      '--tag',
      watch.tag,
      '--grace-ms',
      String(watch.graceMs),
      '--owner',
      String(process.pid),
    ],
    env: entry.env,
    // stdin is the lifeline; the guardian writes nothing we need.
    output: { mode: 'rpc', onStdout: () => undefined },
    killGraceMs: watch.graceMs + 1_000,
  });
}
