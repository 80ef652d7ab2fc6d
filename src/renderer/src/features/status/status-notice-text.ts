// A notice of the backend status in the page's language, from its code and values; the restored-model notice's
// reason is put together from its parts (ui/start-failure-text.ts), so no English of ours is left inside it.
import type { StatusNoticeCodeEntry } from '@shared/backend/status-notices';
import { readStartFailure } from '@shared/backend/start-failure';
import type { Translate } from '../../i18n';
import { exitText, startFailureText } from '../../ui/start-failure-text';

export function statusNoticeText(t: Translate, coded: StatusNoticeCodeEntry): string {
  const failure =
    coded.code === 'model_restored' || coded.code === 'backend_fallback' ? readStartFailure(coded.vars) : null;
  const given: Record<string, string | number> = coded.vars ?? {};
  const vars: Record<string, string | number> = failure
    ? { ...given, reason: startFailureText(t, failure) }
    : { ...given };
  // A lost RPC worker's exit in the page's language, its own last words quoted.
  if (coded.code === 'rpc_worker_lost') vars.how = exitText(t, given, String(given.how), given.said);
  return t(`status.notice.${coded.code}`, vars);
}
