// Why a library file cannot be loaded, in the UI's language. A file that breaks a
// limit of the core's header reader comes with the limit and its numbers, and any
// other with its reason, so the words are made here; a problem with neither is the
// core's own sentence.
import type { LibraryModel } from '@shared/models/model-library';
import type { MessageKey, Translate } from '../../i18n';
import { formatBytes, formatCount } from '../../lib/format';

export function problemText(
  t: Translate,
  model: Pick<LibraryModel, 'problem' | 'overLimit'> & Pick<Partial<LibraryModel>, 'problemReason'>,
): string {
  // A reason this build has words for: one sentence in the UI's language, never an English reason in its frame.
  if (!model.overLimit && model.problemReason) return t(`library.reason.${model.problemReason}` satisfies MessageKey);
  if (!model.overLimit) return t('library.problem', { problem: model.problem ?? '' });
  const { limit, found, max } = model.overLimit;
  const amount = limit === 'string' || limit === 'kept' ? formatBytes : formatCount;
  return t(`library.unusable.${limit}` satisfies MessageKey, { found: amount(found), max: amount(max) });
}
