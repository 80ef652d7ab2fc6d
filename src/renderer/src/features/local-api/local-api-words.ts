// How the Local API page words its figures: the server's state, the parallel
// slots the API gets, durations, and the Test's result as a sentence. Pure.
import type { LocalApiStatus, LocalApiTestResult } from '@shared/local-api/local-api-types';
import type { MessageKey, Translate } from '../../i18n';
import { formatElapsed } from '../../lib/format';

const STATE_KEYS: Record<LocalApiStatus['state'], MessageKey> = {
  running: 'localApi.state.running',
  stopped: 'localApi.state.stopped',
  error: 'localApi.state.error',
};

export const stateText = (t: Translate, status: LocalApiStatus): string => t(STATE_KEYS[status.state]);

/** "3 parallel (one kept for your own chat)": the server's slots less the one the user's chat keeps. */
export function parallelText(t: Translate, parallel: number): string {
  return parallel > 1 ? t('localApi.parallel.kept', { count: parallel - 1 }) : t('localApi.parallel.shared');
}

/** A time under a second in ms ("240 ms"), longer ones in seconds. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : formatElapsed(ms);
}

/** The Test's result as one sentence: what answered, or which step failed and why. */
export function testText(t: Translate, result: LocalApiTestResult): string {
  const time = formatDuration(result.durationMs);
  if (result.error) {
    const { step, status, message } = result.error;
    if (status === null) return t('localApi.test.noAnswer', { message });
    if (status === 401) return t('localApi.test.refusedKey', { message });
    return t(step === 'models' ? 'localApi.test.modelsFailed' : 'localApi.test.chatFailed', { status, message });
  }
  if (result.reply !== undefined)
    return t('localApi.test.replied', {
      count: result.models.length,
      model: result.models[0] ?? '',
      reply: result.reply.trim(),
      time,
    });
  if (result.models.length === 0) return t('localApi.test.noModels', { time });
  return t('localApi.test.listed', { count: result.models.length, models: result.models.join(', '), time });
}
