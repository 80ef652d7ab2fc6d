// How the Compare page words its figures and plans: times, speeds, memory and
// context the same way in every column, and the sentence that says whether the
// models run together or one after another, with the memory figures. Pure.
import type { CompareFigures, CompareSchedule } from '@shared/compare/compare-types';
import type { MessageKey, Translate } from '../../i18n';
import { formatBytes, formatCount, formatElapsed } from '../../lib/format';

export const letterOf = (columnId: string): string => columnId.toUpperCase();

/** A time under a second in ms ("240 ms"), longer ones in seconds. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : formatElapsed(ms);
}

export function formatRate(rate: number): string {
  return rate >= 100 ? String(Math.round(rate)) : rate.toFixed(1);
}

/** The figures of an answer as short parts, in a fixed order (absent ones left out). */
export function figureParts(t: Translate, figures: CompareFigures): Array<{ key: string; text: string }> {
  const parts: Array<{ key: string; text: string }> = [];
  const add = (key: string, text: string) => parts.push({ key, text });
  if (figures.ttftMs !== null) add('ttft', t('compare.fig.ttft', { value: formatMs(figures.ttftMs) }));
  if (figures.tokensPerSecond !== null)
    add('rate', t('compare.fig.rate', { value: formatRate(figures.tokensPerSecond) }));
  if (figures.promptTokensPerSecond !== null)
    add('prompt', t('compare.fig.prompt', { value: formatRate(figures.promptTokensPerSecond) }));
  if (figures.peakRssBytes !== null)
    add('memory', t('compare.fig.memory', { value: formatBytes(figures.peakRssBytes) }));
  if (figures.contextUsed !== null)
    add(
      'context',
      figures.nCtx === null
        ? t('compare.fig.contextUsed', { used: formatCount(figures.contextUsed) })
        : t('compare.fig.context', { used: formatCount(figures.contextUsed), total: formatCount(figures.nCtx) }),
    );
  if (figures.loadMs !== null) add('load', t('compare.fig.load', { value: formatMs(figures.loadMs) }));
  return parts;
}

const MEMORY_KEYS: Record<CompareFigures['memorySource'], MessageKey> = {
  server: 'compare.fig.memory.server',
  'pool-model': 'compare.fig.memory.pool',
  none: 'compare.fig.memory.none',
};

/** What the memory figure is, for its tooltip: which process was read, and how often. */
export const memoryNote = (t: Translate, figures: CompareFigures): string =>
  t(MEMORY_KEYS[figures.memorySource], { count: figures.rssSamples });

/**
 * Together or one after another, with the figures: "Run one after another: together they need 9.1 GiB, this machine
 * has 6.2 GiB free."
 */
export function scheduleText(t: Translate, schedule: CompareSchedule): string {
  const vars = { needed: formatBytes(schedule.neededBytes), free: formatBytes(schedule.freeBytes) };
  if (schedule.mode === 'parallel') return t('compare.plan.parallel', vars);
  if (schedule.reason === 'chosen') return t('compare.plan.chosen', vars);
  return schedule.reason === 'pool' ? t('compare.plan.pool', vars) : t('compare.plan.sequential', vars);
}

/** The columns whose model may not fit even alone, by letter; null when all fit. */
export function tooLargeText(t: Translate, schedule: CompareSchedule): string | null {
  if (schedule.tooLarge.length === 0) return null;
  return t('compare.plan.tooLarge', {
    columns: schedule.tooLarge.map(letterOf).join(', '),
    count: schedule.tooLarge.length,
  });
}

/** The schedule's sentence, and the models too large even alone where there are any. */
export function scheduleNote(t: Translate, schedule: CompareSchedule): string {
  const tooLarge = tooLargeText(t, schedule);
  return tooLarge === null ? scheduleText(t, schedule) : `${scheduleText(t, schedule)} ${tooLarge}`;
}
