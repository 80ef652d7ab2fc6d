// Why a library file cannot be loaded, in the UI's language. A file that breaks a
// limit of the core's header reader comes with the limit and its numbers, so the
// words are made here; any other problem is the core's own sentence.
import type { LibraryModel } from '@shared/models/model-library';
import type { MessageKey, Translate } from '../../i18n';
import { formatBytes, formatCount } from '../../lib/format';

export function problemText(t: Translate, model: Pick<LibraryModel, 'problem' | 'overLimit'>): string {
  if (!model.overLimit) return t('library.problem', { problem: model.problem ?? '' });
  const { limit, found, max } = model.overLimit;
  const amount = limit === 'string' || limit === 'kept' ? formatBytes : formatCount;
  return t(`library.unusable.${limit}` satisfies MessageKey, { found: amount(found), max: amount(max) });
}
