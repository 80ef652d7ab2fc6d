import type { AnswerAuthor } from '@shared/chat/types';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/format';
import {
  answerFigures,
  clientRate,
  draftFigures,
  draftVerdict,
  formatRate,
  speedWithoutDraft,
  type DraftFigures,
  type TimedAnswer,
  type TokenCounter,
} from './chat-stats';
import type { AnswerState, ChatItem } from './conversation';
import { useConversation } from './use-chat-store';

interface Props {
  answer: Pick<AnswerState, 'status' | 'timings' | 'usage'> & { author?: AnswerAuthor };
  counter: TokenCounter;
  nCtx: number | null;
  /** the answer waits for the user (an approval card is open): no "waiting for the first token" */
  paused?: boolean;
}

/**
 * Live speed while the answer streams; the server's figures once it ends, with what speculative decoding did and,
 * where it did not help, why.
 */
export function AnswerStats({ answer, counter, nCtx, paused = false }: Props) {
  const t = useT();
  const { items } = useConversation();
  if (answer.status === 'streaming') {
    if (paused) return null;
    const tokens = counter.contentDeltas + counter.reasoningDeltas;
    // The row re-renders once per frame with new tokens, so the last arrival is "now".
    const rate = clientRate(counter, counter.lastAt ?? 0);
    return (
      <span className="answer-stats is-live" data-testid="chat-stats" data-live="true">
        {tokens === 0 ? (
          <span>{t('chat.stats.waiting')}</span>
        ) : (
          <>
            <span className="stat-strong">
              {rate === null ? '…' : t('chat.stats.rate', { rate: formatRate(rate) })}
            </span>
            <span>{t('chat.stats.tokens', { count: formatCount(tokens) })}</span>
          </>
        )}
      </span>
    );
  }
  const figures = answerFigures({ timings: answer.timings, usage: answer.usage, counter, nCtx });
  if (figures.generatedTokens === 0 && figures.promptTokens === null) return null;
  const draft = draftFigures(answer.timings);
  const verdict = draft
    ? draftVerdict(draft, figures.generatedPerSecond, speedWithoutDraft(answersOf(items), answer.author))
    : null;
  const title = t(`chat.stats.source.${figures.source}`);
  return (
    <span
      className="answer-stats"
      data-testid="chat-stats"
      data-live="false"
      data-source={figures.source}
      title={title}
    >
      {figures.promptTokens !== null && (
        <span>
          {t('chat.stats.prompt', { count: formatCount(figures.promptTokens) })}
          {figures.promptPerSecond !== null && (
            <span className="stat-sub"> · {t('chat.stats.rate', { rate: formatRate(figures.promptPerSecond) })}</span>
          )}
        </span>
      )}
      <span>
        {t('chat.stats.generated', { count: formatCount(figures.generatedTokens) })}
        {figures.generatedPerSecond !== null && (
          <span className="stat-strong">
            {' '}
            · {t('chat.stats.rate', { rate: formatRate(figures.generatedPerSecond) })}
          </span>
        )}
      </span>
      {draft && (
        <span data-testid="chat-draft" title={t('chat.stats.draftTitle')}>
          {t('chat.stats.draft', draftVars(draft))}
        </span>
      )}
      {verdict && (
        <span className="stat-warn" role="note" data-testid="chat-draft-verdict" data-verdict={verdict.kind}>
          {verdict.kind === 'low_acceptance'
            ? t('chat.stats.draftLow', draftVars(verdict.figures))
            : t('chat.stats.draftSlower', {
                rate: formatRate(verdict.withDraft),
                baseline: formatRate(verdict.without),
              })}
        </span>
      )}
      {figures.contextUsed !== null && figures.nCtx !== null && figures.nCtx > 0 && (
        <ContextMeter used={figures.contextUsed} total={figures.nCtx} />
      )}
    </span>
  );
}

function draftVars({ drafted, accepted, share }: DraftFigures) {
  return { drafted: formatCount(drafted), accepted: formatCount(accepted), percent: Math.round(share * 100) };
}

/** The answers of the conversation on screen, as the speed without speculation is measured on them. */
function answersOf(items: readonly ChatItem[]): TimedAnswer[] {
  return items.flatMap((item) => (item.kind === 'assistant' ? [item.answer] : []));
}

function ContextMeter({ used, total }: { used: number; total: number }) {
  const t = useT();
  const share = Math.min(1, used / total);
  return (
    <span
      className={`ctx-meter${share > 0.9 ? ' is-full' : share > 0.7 ? ' is-high' : ''}`}
      data-testid="chat-context"
      title={t('chat.stats.contextTitle')}
    >
      <span className="ctx-bar" aria-hidden="true">
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      {t('chat.stats.context', { used: formatCount(used), total: formatCount(total) })}
    </span>
  );
}
