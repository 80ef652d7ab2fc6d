import { useEffect, useId, useRef, useState } from 'react';
import { revealInvisible } from '@shared/tools/command-safety/reveal-invisible';
import { useT, type MessageKey } from '../../i18n';
import type { ApprovalCardModel, ConsentChoice } from './agent-runs';
import { outcomeOf, outcomeText } from './approval-outcome';
import { CommandSegments } from './CommandSegments';
import { CardError, CardWaiting } from './CardStatus';
import { DiffView } from './DiffView';
import { FetchUrlPreview } from './FetchUrlPreview';
import { RevealedText } from './RevealedText';
import { riskLabel } from '../tools/tool-labels';
import { formatArgs } from './step-view';
import '../tools/tools.css';
import './agent.css';

interface Props {
  card: ApprovalCardModel;
  onAnswer: (choice: ConsentChoice, reason: string) => void;
  /** take the keyboard focus when it appears: the run waits for this card */
  autoFocus?: boolean;
}

const CHOICES: Array<{ choice: ConsentChoice; key: MessageKey; testId: string; className: string }> = [
  {
    choice: 'allow_once',
    key: 'agent.approval.allowOnce',
    testId: 'approval-allow-once',
    className: 'btn btn-primary btn-small',
  },
  {
    choice: 'allow_conversation',
    key: 'agent.approval.allowConversation',
    testId: 'approval-allow-conversation',
    className: 'btn btn-small',
  },
  {
    choice: 'allow_server',
    key: 'agent.approval.allowServer',
    testId: 'approval-allow-server',
    className: 'btn btn-small',
  },
  { choice: 'deny', key: 'agent.approval.deny', testId: 'approval-deny', className: 'btn btn-danger btn-small' },
];

const focusedCards = new Set<string>();

/**
 * Asks before a tool runs: the exact command (with what it runs, as the guard reads
 * it) or the diff of a write, the arguments, and the choices the core offers. It has
 * no close button: it goes only when answered or when the run stops, and then says which.
 */
export function ApprovalCard({ card, onAnswer, autoFocus }: Props) {
  const t = useT();
  const titleId = useId();
  const root = useRef<HTMLElement>(null);
  const [reason, setReason] = useState('');
  const [argsOpen, setArgsOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const { request, state } = card;
  const open = state === 'pending' || state === 'sending';
  const argsText = formatArgs(request.args);
  // A 'none' preview is either the arguments themselves or why no diff could be made.
  const previewIsArgs = request.preview.kind === 'none' && request.preview.text === argsText;
  // All of the command, always: invisible characters as codes, every newline marked, no height cap.
  const command = request.preview.kind === 'command' ? revealInvisible(request.preview.text) : null;
  // Where the arguments are all the card shows (MCP tools, the controller), hidden characters in them are told too.
  const argsHidden = previewIsArgs ? revealInvisible(argsText, { markNewlines: false }).invisible : 0;

  useEffect(() => {
    // Once per card: the chat list unmounts rows scrolled away, and a remount must not pull the view back.
    if (!autoFocus || !open || focusedCards.has(request.askId)) return;
    focusedCards.add(request.askId);
    root.current?.focus();
  }, [autoFocus, open, request.askId]);

  const showBody = open || detailsOpen;
  return (
    <section
      ref={root}
      className={`approval-card state-${state}`}
      role="group"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="approval-card"
      data-state={state}
      data-tool={request.tool}
      data-ask-id={request.askId}
    >
      <header className="approval-head">
        <span className="approval-mark" aria-hidden="true">
          {open ? '?' : state === 'answered' && card.answer?.kind !== 'deny' ? '✓' : '×'}
        </span>
        <strong id={titleId} className={open ? undefined : 'mono'}>
          {open
            ? request.sampling
              ? t('agent.sampling.title', { server: request.sampling.server })
              : t('agent.approval.title', { tool: request.tool })
            : request.tool}
        </strong>
        <span className={`badge risk risk-${request.risk}`}>{riskLabel(t, request.risk)}</span>
        {!open && (
          <button
            type="button"
            className="btn btn-ghost btn-tiny approval-details"
            aria-expanded={detailsOpen}
            onClick={() => setDetailsOpen(!detailsOpen)}
          >
            {detailsOpen ? t('agent.approval.hideDetails') : t('agent.approval.showDetails')}
          </button>
        )}
      </header>
      {showBody && (
        <div className="approval-body">
          {request.sampling && (
            <p className="approval-label" data-testid="approval-sampling">
              {t('agent.sampling.model', { model: request.sampling.model, maxTokens: request.sampling.maxTokens })}
            </p>
          )}
          {request.preview.kind === 'command' && (
            <>
              <p className="approval-label">{t('agent.approval.command')}</p>
              <pre className="approval-command" dir="ltr" data-testid="approval-command">
                <RevealedText text={request.preview.text} />
              </pre>
              {command && command.invisible > 0 && (
                <p className="approval-note" role="note" data-testid="approval-invisible">
                  {t('agent.approval.invisible', { count: command.invisible })}
                </p>
              )}
              {command && command.bidi > 0 && (
                <p className="approval-note" role="note" data-testid="approval-bidi">
                  {t('agent.approval.bidi', { count: command.bidi })}
                </p>
              )}
              {command && command.lines > 1 && (
                <p className="muted small">{t('agent.approval.lines', { count: command.lines })}</p>
              )}
              <CommandSegments preview={request.preview} />
            </>
          )}
          {request.preview.kind === 'diff' && (
            <>
              <p className="approval-label">{t('agent.approval.diff')}</p>
              <DiffView text={request.preview.text} />
            </>
          )}
          {request.preview.url && <FetchUrlPreview url={request.preview.url} />}
          {request.preview.kind === 'none' && !request.preview.url && !previewIsArgs && request.preview.text !== '' && (
            <p className="approval-note" data-testid="approval-preview-note">
              {request.preview.text}
            </p>
          )}
          {previewIsArgs ? (
            <>
              <p className="approval-label">{t('agent.approval.args')}</p>
              <pre className="approval-args" dir="ltr" data-testid="approval-args">
                <RevealedText text={argsText} markNewlines={false} />
              </pre>
              {argsHidden > 0 && (
                <p className="approval-note" role="note" data-testid="approval-invisible">
                  {t('agent.approval.invisibleArgs', { count: argsHidden })}
                </p>
              )}
            </>
          ) : (
            <div className="approval-args-box">
              <button
                type="button"
                className="approval-args-toggle"
                aria-expanded={argsOpen}
                data-testid="approval-args-toggle"
                onClick={() => setArgsOpen(!argsOpen)}
              >
                <span className="fold-chevron" aria-hidden="true">
                  {argsOpen ? '▾' : '▸'}
                </span>
                {t('agent.approval.args')}
              </button>
              {argsOpen && (
                <pre className="approval-args" dir="ltr" data-testid="approval-args">
                  <RevealedText text={argsText} markNewlines={false} />
                </pre>
              )}
            </div>
          )}
        </div>
      )}
      {open ? (
        <div className="approval-answer">
          {!request.choices.includes('allow_conversation') && (
            <p className="muted small">{t('agent.approval.alwaysAsks')}</p>
          )}
          <label className="approval-reason">
            <span className="approval-label">{t('agent.approval.reason')}</span>
            <input
              className="input"
              value={reason}
              maxLength={2000}
              placeholder={t('agent.approval.reasonPlaceholder')}
              disabled={state === 'sending'}
              data-testid="approval-reason"
              onChange={(event) => setReason(event.target.value)}
              onKeyDown={(event) => {
                // Typing a reason and pressing Enter means "deny, because…".
                if (event.key === 'Enter' && !event.nativeEvent.isComposing && reason.trim() !== '') {
                  event.preventDefault();
                  onAnswer('deny', reason);
                }
              }}
            />
          </label>
          <div className="approval-actions">
            {CHOICES.filter((item) => request.choices.includes(item.choice)).map((item) => (
              <button
                key={item.choice}
                type="button"
                className={item.className}
                disabled={state === 'sending'}
                data-testid={item.testId}
                onClick={() => onAnswer(item.choice, item.choice === 'deny' ? reason : '')}
              >
                {t(item.key)}
              </button>
            ))}
            <CardWaiting sending={state === 'sending'} waitingKey="agent.approval.waiting" />
          </div>
          <CardError error={card.error} />
        </div>
      ) : (
        <p
          className={`approval-outcome outcome-${outcomeOf(card)}`}
          data-testid="approval-outcome"
          data-choice={card.answer?.kind ?? 'none'}
        >
          {outcomeText(t, card)}
        </p>
      )}
    </section>
  );
}
