// How a step reads in its folded card: one status word, one tone, one line of
// arguments. Warnings (the loop's nudge) and invalid calls are not tool runs,
// so they get their own status instead of looking like failed tools.
import type { AgentStep } from '@shared/tools/agent/agent-types';
import { formatElapsed } from '../../lib/format';

/** The status a step card shows: the step's own, or `warning` for the loop's nudge. */
export type StepStatus = AgentStep['status'] | 'warning';

/** The colour family of a status. */
export type StepTone = 'ok' | 'err' | 'warn' | 'muted';

export function stepStatus(step: AgentStep): StepStatus {
  return step.kind === 'warning' ? 'warning' : step.status;
}

const TONES: Record<StepStatus, StepTone> = {
  ok: 'ok',
  error: 'err',
  timeout: 'err',
  stopped: 'muted',
  denied: 'warn',
  rejected: 'err',
  warning: 'warn',
};

export function stepTone(status: StepStatus): StepTone {
  return TONES[status];
}

// The argument a person recognises a call by, in the order we look for it.
const HEADLINE_ARGS = ['command', 'expression', 'path', 'pattern', 'url', 'query'];

/** One line for the folded card: the telling argument, or the arguments as compact JSON; cut at `max`. */
export function argsSummary(args: Record<string, unknown> | null, max = 80): string {
  if (!args) return '';
  const key = HEADLINE_ARGS.find((name) => typeof args[name] === 'string' && args[name] !== '');
  const text = key ? String(args[key]) : Object.keys(args).length === 0 ? '' : JSON.stringify(args);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, Math.max(1, max - 1))}…` : line;
}

/** The arguments as the user reads them in the open card. */
export function formatArgs(args: Record<string, unknown> | null): string {
  return args === null ? '' : JSON.stringify(args, null, 2);
}

/** 37 → "37 ms", 1234 → "1.2 s"; a step of 0 ms (nothing ran) shows nothing. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  return ms < 1000 ? `${Math.round(ms)} ms` : formatElapsed(ms);
}
