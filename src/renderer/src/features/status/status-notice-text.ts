// A notice of the backend status in the page's language, from its code and values; the restored-model notice's
// reason is put together from its parts (ui/start-failure-text.ts), so no English of ours is left inside it.
import type { StatusNoticeCodeEntry } from '@shared/backend/status-notices';
import { readStartFailure } from '@shared/backend/start-failure';
import type { Translate } from '../../i18n';
import { startFailureText } from '../../ui/start-failure-text';

export function statusNoticeText(t: Translate, coded: StatusNoticeCodeEntry): string {
  const failure = coded.code === 'model_restored' ? readStartFailure(coded.vars) : null;
  return t(
    `status.notice.${coded.code}`,
    failure ? { ...coded.vars, reason: startFailureText(t, failure) } : coded.vars,
  );
}
