// The one process lifecycle of a run of the app. Every child goes through
// `launch` (or, started by a tool worker, is `adopt`ed): it is tracked live so
// quitting stops and awaits it, written to the ledger with its OS identity,
// and tagged in its environment. Opening the lifecycle first stops whatever an
// earlier run of this data dir left behind; a guardian process stops this
// run's children if the app dies without saying goodbye.
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ChildLedger } from './child-ledger';
import type { ExitRecord } from './exit-record';
import { startGuardian, type GuardianEntry } from './guardian';
import { LIFECYCLE_TAG } from './lifecycle-tag';
import { launchProcess, type LaunchSpec, type ManagedProcess } from './launch';
import { sweepLeftovers, type SweepReport } from './leftover-sweep';
import { readIdentity, readIdentityLater } from './process-identity';

/** Starts a child through the lifecycle. Services get this, never `spawn`. */
export type Launch = (spec: LaunchSpec) => ManagedProcess;

export interface ProcessLifecycle {
  launch: Launch;
  /** record a child someone else started (a tool worker's shell command); returns the release */
  adopt(pid: number, name: string): () => void;
  pids(): number[];
  /** stop every live child and wait for each */
  stopAll(graceMs?: number): Promise<void>;
  /** stopAll, then clear the ledger and dismiss the guardian: a clean exit */
  close(graceMs?: number): Promise<void>;
  /** what the start found and stopped from an earlier run */
  readonly leftovers: SweepReport;
}

export interface LifecycleOptions {
  /** where the ledger lives (`<data>/run`); null keeps everything in memory (tests) */
  runDir: string | null;
  /** the data dir: children of earlier runs on the same data dir are found by it */
  scopeKey?: string;
  /** the guardian process; null: none (tests, or where the host cannot run one) */
  guardian?: GuardianEntry | null;
  /** SIGTERM → SIGKILL delay when sweeping leftovers */
  sweepGraceMs?: number;
}

const NO_LEFTOVERS: SweepReport = { stopped: [], notOurs: 0, ownerAlive: false };

export async function openProcessLifecycle(options: LifecycleOptions): Promise<ProcessLifecycle> {
  const scope = createHash('sha256')
    .update(options.scopeKey ?? options.runDir ?? 'memory')
    .digest('hex')
    .slice(0, 16);
  const tag = `${scope}/${randomBytes(6).toString('hex')}`;
  const ledgerFile = options.runDir ? join(options.runDir, 'children.json') : null;
  const graceMs = options.sweepGraceMs ?? 2_000;
  // Only the run holding the data dir's lock opens a lifecycle, so anything else with this scope is a leftover.
  const leftovers = ledgerFile
    ? await sweepLeftovers({
        ledgerFile,
        graceMs,
        tag: { name: LIFECYCLE_TAG, matches: (value) => value.startsWith(`${scope}/`) && value !== tag },
      })
    : NO_LEFTOVERS;
  const self = readIdentity(process.pid) ?? { pid: process.pid, startTime: '', cmdline: '' };
  const ledger = ledgerFile ? new ChildLedger(ledgerFile, self) : null;
  const guardian =
    ledgerFile && options.guardian ? startGuardian(options.guardian, { ledgerFile, tag, graceMs }) : null;
  return createLifecycle({ ledger, tag, guardian, leftovers });
}

interface LifecycleParts {
  ledger: ChildLedger | null;
  tag: string;
  guardian: ManagedProcess | null;
  leftovers: SweepReport;
}

function createLifecycle(parts: LifecycleParts): ProcessLifecycle {
  const live = new Set<ManagedProcess>();
  const posix = process.platform !== 'win32';
  const record = (pid: number, name: string, group: boolean) => {
    const startedAt = Date.now();
    // Linux: in the same turn as the spawn. Where an identity means running a program, off the hot path.
    readIdentityLater(pid, (identity) => {
      if (identity) parts.ledger?.add({ ...identity, name, startedAt, group });
    });
  };

  const launch: Launch = (spec) =>
    launchProcess(spec, {
      env: { [LIFECYCLE_TAG]: parts.tag },
      onSpawn: (proc) => {
        live.add(proc);
        if (proc.pid !== null) record(proc.pid, spec.name, posix);
      },
      onExit: (proc: ManagedProcess, _exit: ExitRecord) => {
        live.delete(proc);
        if (proc.pid !== null) parts.ledger?.remove(proc.pid);
      },
    });

  const stopAll = async (graceMs?: number) => {
    await Promise.all([...live].map((proc) => proc.stop(graceMs)));
  };

  return {
    launch,
    adopt(pid, name) {
      record(pid, name, posix);
      return () => parts.ledger?.remove(pid);
    },
    pids: () => [...live].flatMap((proc) => (proc.pid === null || proc.hasExited() ? [] : [proc.pid])),
    stopAll,
    async close(graceMs) {
      await stopAll(graceMs);
      parts.ledger?.close();
      // Its last sweep finds nothing (or a straggler that escaped its group) and it exits.
      parts.guardian?.endInput();
      await parts.guardian?.exited;
    },
    leftovers: parts.leftovers,
  };
}

/** A lifecycle with no ledger and no guardian: tracks and stops its children, for tests and tools. */
export function memoryLifecycle(): ProcessLifecycle {
  return createLifecycle({
    ledger: null,
    tag: `memory/${randomBytes(6).toString('hex')}`,
    guardian: null,
    leftovers: NO_LEFTOVERS,
  });
}
