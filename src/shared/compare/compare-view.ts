// A run as the page sees it. In blind mode, until the user votes or reveals, the
// columns are letters only: no model, no name, and no figures either, since a
// model's speed and memory would give it away. Pure.
import { emptyFigures } from './compare-figures';
import type { CompareRun, CompareRunSummary, CompareRunView } from './compare-types';

export function isHidden(run: Pick<CompareRun, 'settings' | 'revealed'>): boolean {
  return run.settings.blind && !run.revealed;
}

export function viewOf(run: CompareRun): CompareRunView {
  const hidden = isHidden(run);
  if (!hidden) return { ...run, hidden };
  return {
    ...run,
    hidden,
    columns: run.columns.map((column) => ({
      ...column,
      entrant: null,
      name: null,
      answers: column.answers.map((answer) => ({ ...answer, figures: emptyFigures() })),
    })),
    schedule: { ...run.schedule, estimates: [], tooLarge: [] },
  };
}

/** A run's line in the list; from the run itself or from its view (the page keeps its list in step with it). */
export function summaryOf(
  run: Omit<CompareRun, 'columns'> & { columns: ReadonlyArray<{ name: string | null }> },
): CompareRunSummary {
  const hidden = isHidden(run);
  return {
    id: run.id,
    title: run.title,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    models: run.columns.map((column) => (hidden ? null : column.name)),
    turns: run.turns.length,
    votes: run.votes.length,
    blind: run.settings.blind,
    hidden,
    mode: run.schedule.mode,
    repeatOf: run.repeatOf,
    running: run.running,
  };
}
