// Why a model did not start, in the page's language, from the parts the core sends (shared/backend/start-failure.ts):
// our words from the catalogs, llama-server's own words quoted and named as its.
import { readExitParts, type StartFailure } from '@shared/backend/start-failure';
import type { MessageKey, Translate } from '../i18n';

/** Failures that say why by their code alone (the rest by llama-server's words or its exit). */
const BY_CODE: Partial<Record<string, MessageKey>> = {
  ready_timeout: 'load.why.ready_timeout',
  out_of_memory: 'load.why.out_of_memory',
};

export function startFailureText(t: Translate, failure: StartFailure): string {
  const { code, serverSaid, exitCode, exitSignal } = failure;
  const exit =
    exitCode !== undefined
      ? t('load.why.exitCode', { code: exitCode })
      : exitSignal !== undefined
        ? t('load.why.signal', { signal: exitSignal })
        : null;
  const byCode = BY_CODE[code];
  const why = serverSaid !== undefined ? t('load.why.serverSaid', { said: serverSaid }) : byCode ? t(byCode) : null;
  if (why === null) return exit ?? t('load.why.seeLog');
  return exit === null ? why : t('load.why.withExit', { why, exit });
}

/**
 * How a process ended, in the page's language, from the parts the values carry ("exit code 1", "stopped by SIGKILL"),
 * with the program's own last words quoted; `fallback` (the core's English) where they carry none.
 */
export function exitText(t: Translate, values: Record<string, unknown>, fallback: string, said?: unknown): string {
  const parts = readExitParts(values);
  if (!parts) return fallback;
  const exit =
    parts.exitCode !== undefined
      ? t('exit.code', { code: parts.exitCode })
      : t('exit.signal', { signal: parts.exitSignal ?? '' });
  return typeof said === 'string' && said !== '' ? t('exit.withSaid', { exit, said }) : exit;
}
