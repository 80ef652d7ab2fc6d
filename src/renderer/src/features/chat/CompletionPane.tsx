import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { answerErrorText } from './error-text';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useStore } from 'zustand';
import { stickAfterScroll } from '../../ui/stick-to-bottom';
import { AnswerStats } from './AnswerStats';
import { EMPTY_COUNTER } from './chat-stats';
import { isSendKey, keyInfo, sendHintKey } from './send-key';
import './composer.css';

/** 补完: one text; the model continues it in place. */
export function CompletionPane({
  sendKey,
  disabledReason,
  nCtx,
}: {
  sendKey: 'ctrl-enter' | 'enter';
  disabledReason: string | null;
  nCtx: number | null;
}) {
  const t = useT();
  const { completion } = useAppModel();
  const state = useStore(completion.state);
  const live = useStore(completion.live);
  const area = useRef<HTMLTextAreaElement>(null);
  const stick = useRef(true);
  const lastTop = useRef(0);
  const running = state.running !== null;
  const text = state.running ? state.running.prompt + (live?.written ?? '') : state.text;

  useLayoutEffect(() => {
    const el = area.current;
    if (el && running && stick.current) el.scrollTop = el.scrollHeight;
  }, [text, running]);

  const run = (): void => {
    if (running || disabledReason !== null || state.text === '') return;
    stick.current = true;
    void completion.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (!isSendKey(keyInfo(event), sendKey)) return;
    event.preventDefault();
    run();
  };

  const statsAnswer = running
    ? { status: 'streaming' as const, timings: null, usage: null }
    : {
        status: state.status === 'idle' ? ('done' as const) : state.status,
        timings: state.timings,
        usage: state.usage,
      };
  return (
    <div className="completion-pane">
      <textarea
        ref={area}
        className={`completion-text${running ? ' is-running' : ''}`}
        data-testid="chat-input"
        data-status={running ? 'streaming' : state.status}
        value={text}
        readOnly={running}
        spellCheck={false}
        placeholder={disabledReason ?? t('completion.placeholder')}
        aria-label={t('completion.label')}
        onChange={(event) => completion.setText(event.target.value)}
        onKeyDown={onKeyDown}
        onScroll={() => {
          const el = area.current;
          if (!el) return;
          stick.current = stickAfterScroll(stick.current, lastTop.current, el);
          lastTop.current = el.scrollTop;
        }}
      />
      {state.status === 'error' && !running && (
        <div className="msg-error" role="alert" data-testid="chat-error" data-code={state.error?.code}>
          <span>{answerErrorText(t, state.error ?? undefined)}</span>
          <button type="button" className="btn btn-small" data-testid="chat-retry" onClick={run}>
            {t('chat.retry')}
          </button>
        </div>
      )}
      <div className="completion-bar">
        {(running || state.status !== 'idle') && (
          <AnswerStats
            answer={statsAnswer}
            counter={running ? (live?.counter ?? EMPTY_COUNTER) : state.counter}
            nCtx={nCtx}
          />
        )}
        {state.status === 'stopped' && !running && <span className="badge warn">{t('chat.status.stopped')}</span>}
        <span className="composer-hint muted small">{t(sendHintKey(sendKey))}</span>
        {running ? (
          <button type="button" className="btn btn-stop" data-testid="chat-stop" onClick={() => void completion.stop()}>
            <span className="stop-square" aria-hidden="true" />
            {t('chat.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="chat-send"
            disabled={disabledReason !== null || state.text === ''}
            onClick={run}
          >
            {t('completion.run')}
          </button>
        )}
      </div>
    </div>
  );
}
