// What became of an approval card, in words: the card says it when it closes,
// and the step of the call it let run says it again.
import type { Translate } from '../../i18n';
import type { ConsentAnswer } from '@shared/tools/consent';
import type { ApprovalCardModel } from './agent-runs';

/** A card's end, in one of three tones. */
export type Outcome = 'allowed' | 'denied' | 'cancelled';

export function outcomeOf(card: ApprovalCardModel): Outcome {
  if (card.state !== 'answered' || !card.answer) return 'cancelled';
  return card.answer.kind === 'deny' ? 'denied' : 'allowed';
}

export function outcomeText(t: Translate, card: ApprovalCardModel): string {
  const answer = card.answer;
  if (card.state !== 'answered' || !answer) return t('agent.approval.cancelled');
  return answer.kind === 'deny' && answer.reason
    ? t('agent.approval.deniedReason', { reason: answer.reason })
    : answerText(t, answer.kind);
}

/** The user's answer in words, as a step that went through a card recalls it. */
export function answerText(t: Translate, kind: ConsentAnswer['kind']): string {
  if (kind === 'allow_once') return t('agent.approval.allowedOnce');
  if (kind === 'allow_conversation') return t('agent.approval.allowedConversation');
  if (kind === 'allow_server') return t('agent.approval.allowedServer');
  return t('agent.approval.denied');
}
