import { memo, useSyncExternalStore } from 'react';
import type { AnswerAuthor } from '@shared/chat/types';
import { answerErrorText } from './error-text';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { AgentRunView } from '../agent/AgentRunView';
import { liveTurnText } from '../agent/run-timeline';
import { useAgentRun } from '../agent/use-agent-run';
import { hasOpenCard } from '../agent/agent-runs';
import { AnswerStats } from './AnswerStats';
import { reasoningTokens, type TokenCounter } from './chat-stats';
import { offersContinue, offersReload, type AnswerItem, type AnswerState } from './conversation';
import { BranchSwitch } from './BranchSwitch';
import { CopyButton } from './CopyButton';
import { Markdown } from './Markdown';
import { Reasoning } from './Reasoning';
import { StructuredAnswer } from './StructuredAnswer';
import { answerSpeaker, authorLabel } from './speaker-names';
import { ReadAnswerButton } from '../read-aloud/ReadAnswerButton';
import { AnswerCitations } from '../knowledge/AnswerCitations';
import { ChatPicture } from '../images/ChatPicture';

interface Props {
  item: AnswerItem;
  /** the endpoint in use's model: named only while an answer streams before its own author is known */
  name: string;
  isLast: boolean;
  busy: boolean;
  /** which of its versions (edits, regenerations) this is: ‹ 2/3 › beside its actions when there are more than one */
  branchIndex: number;
  branchCount: number;
}

/**
 * An answer. Every row listens to the live store, but only the streaming one gets a new
 * snapshot per frame; the others see null each time and stay asleep. One component for
 * both states, so the answer's markdown is not built again when it finishes.
 */
export const AnswerMessage = memo(function AnswerMessage(props: Props) {
  const { live } = useAppModel().chat;
  const requestId = props.item.requestId;
  const mine = useSyncExternalStore(live.subscribe, () => {
    const current = live.getState();
    return current?.requestId === requestId ? current : null;
  });
  const streaming = props.item.answer.status === 'streaming';
  // A run's steps are read here too: the text of a turn moves above its call once the call shows.
  const run = useAgentRun(props.item.agentRun ? requestId : '');
  // A run's turn ends at each call, but the answer is still coming until the run ends.
  const shown =
    streaming && mine
      ? props.item.agentRun
        ? { ...mine.message, status: 'streaming' as const, content: liveTurnText(run, mine.turn, mine.message.content) }
        : mine.message
      : null;
  const paused = streaming && run !== null && hasOpenCard(run);
  return (
    <AnswerView
      {...props}
      answer={shown ?? props.item.answer}
      counter={streaming && mine ? mine.counter : props.item.counter}
      paused={paused}
    />
  );
});

const renderMarkdown = (text: string) => <Markdown text={text} />;

interface ViewProps extends Props {
  answer: AnswerState;
  counter: TokenCounter;
  /** an approval card of this run waits for the user: the card says so, nothing else waits */
  paused: boolean;
}

function AnswerView({ item, name, isLast, busy, branchIndex, branchCount, answer, counter, paused }: ViewProps) {
  const t = useT();
  const { chat, load } = useAppModel();
  const streaming = answer.status === 'streaming';
  const empty = answer.content === '' && answer.reasoning === '';
  const continueButton = isLast && offersContinue({ ...item, answer }) && (
    <button
      type="button"
      className="btn btn-small"
      data-testid="chat-continue"
      disabled={busy}
      title={t('chat.continueTitle')}
      onClick={() => void chat.continueAnswer(item.id)}
    >
      {t('chat.continue')}
    </button>
  );
  return (
    <article
      className={`msg msg-assistant status-${answer.status}`}
      data-testid="chat-message"
      data-role="assistant"
      data-status={answer.status}
    >
      <header className="msg-head">
        <span className="msg-avatar" aria-hidden="true" />
        <span className="msg-name" data-testid="chat-speaker">
          {answerSpeaker(t, answer.author, streaming, name)}
        </span>
        {answer.status === 'stopped' && <span className="badge warn">{t('chat.status.stopped')}</span>}
        {answer.finishReason === 'length' && answer.status === 'done' && (
          <span className="badge warn" title={t('chat.status.lengthTitle')}>
            {t('chat.status.length')}
          </span>
        )}
      </header>
      {item.dropped > 0 && (
        <p className="msg-note" data-testid="chat-dropped">
          {t('chat.dropped', { count: item.dropped })}
        </p>
      )}
      {/* A step of the send that failed (its knowledge query) is said here, with its reason, not passed over. */}
      {answer.notices?.map((notice) => (
        <p key={notice.code} className="msg-note" role="status" data-testid="chat-notice" data-code={notice.code}>
          {notice.message}
        </p>
      ))}
      {answer.reasoning !== '' && (
        <Reasoning
          text={answer.reasoning}
          tokens={reasoningTokens(counter, answer.reasoning)}
          thinking={streaming && answer.content === ''}
        />
      )}
      {item.agentRun && <AgentRunView runId={item.requestId} renderText={renderMarkdown} />}
      {item.image && <ChatPicture image={item.image} />}
      <div
        className={`msg-body markdown${streaming && answer.content !== '' ? ' is-streaming' : ''}`}
        data-testid="chat-content"
        hidden={item.image !== undefined}
      >
        {answer.content !== '' &&
          (answer.schemaCheck && !streaming ? (
            <StructuredAnswer content={answer.content} check={answer.schemaCheck} />
          ) : (
            <Markdown text={answer.content} />
          ))}
        {streaming && empty && !paused && <span className="typing" aria-label={t('chat.stats.waiting')} />}
        {!streaming && empty && answer.status !== 'error' && <p className="muted">{t('chat.emptyAnswer')}</p>}
      </div>
      <AnswerCitations requestId={item.requestId} saved={item.citations} />
      {answer.status === 'error' && (
        <div className="msg-error" role="alert" data-testid="chat-error" data-code={answer.error?.code}>
          <span>{answerErrorText(t, answer.error)}</span>
          {isLast && offersReload(answer) && (
            <button
              type="button"
              className="btn btn-small btn-primary"
              data-testid="chat-reload"
              disabled={busy}
              onClick={() => void load.reload().then((ok) => ok && chat.regenerate())}
            >
              {t('chat.reloadAndRetry')}
            </button>
          )}
          {continueButton}
          {isLast && (
            <button
              type="button"
              className="btn btn-small"
              data-testid="chat-retry"
              disabled={busy}
              onClick={() => void chat.regenerate()}
            >
              {t('chat.retry')}
            </button>
          )}
        </div>
      )}
      <footer className="msg-foot">
        <AnswerStats answer={answer} counter={counter} nCtx={item.nCtx} paused={paused} />
        {answer.author && <AnswerAuthorLabel author={answer.author} />}
        {branchCount > 1 && <BranchSwitch itemId={item.id} index={branchIndex} count={branchCount} busy={busy} />}
        {!streaming && (
          <span className="msg-actions">
            {answer.content !== '' && <CopyButton getText={() => answer.content} testId="chat-copy" />}
            {answer.content !== '' && <ReadAnswerButton text={answer.content} />}
            {answer.status !== 'error' && continueButton}
            {isLast && answer.status !== 'error' && !item.image && (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                data-testid="chat-regenerate"
                disabled={busy}
                onClick={() => void chat.regenerate()}
              >
                {t('chat.regenerate')}
              </button>
            )}
          </span>
        )}
      </footer>
    </article>
  );
}

/** The endpoint and model that wrote this answer, as saved with it: loading another model later changes nothing. */
function AnswerAuthorLabel({ author }: { author: AnswerAuthor }) {
  const t = useT();
  const { text, title } = authorLabel(t, author);
  return (
    <span className="answer-author" data-testid="chat-author" data-kind={author.kind} title={title}>
      {text}
    </span>
  );
}
