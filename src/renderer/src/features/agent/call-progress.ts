// The progress a running call reported (`agent:progress`), as the run shows it
// under its timeline: only while the run goes on and the call's step has not
// arrived yet (then the step card tells the rest).
import type { AgentProgress } from '@shared/tools/agent/agent-progress';
import type { AgentRunState } from './agent-runs';

/** The update to show, or null when there is none or its call is over. */
export function liveProgress(
  latest: AgentProgress | null,
  run: Pick<AgentRunState, 'runId' | 'running' | 'entries'>,
): AgentProgress | null {
  if (!latest || !run.running || latest.requestId !== run.runId) return null;
  const done = run.entries.some((entry) => entry.kind === 'step' && entry.step.index >= latest.stepIndex);
  return done ? null : latest;
}

/** How far along, 0–1, when the tool said how far it goes; null when it did not. */
export function progressFraction(progress: Pick<AgentProgress, 'progress' | 'total'>): number | null {
  if (progress.total === undefined || !(progress.total > 0)) return null;
  return Math.min(1, Math.max(0, progress.progress / progress.total));
}

/** A progress count as people read it: whole numbers as they are, others to two places. */
export function progressNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
}
