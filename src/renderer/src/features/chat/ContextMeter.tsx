import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { OVERFLOW_POLICIES, type OverflowPolicy } from '@shared/chat/overflow-policy';
import type { TokenCount } from '@shared/chat/context-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/format';
import { realTimers } from '../../lib/timers';
import { usePopover } from '../../lib/use-popover';
import { createContextMeter, meterView } from './context-meter';
import { setConversationOverflow } from './context-overflow';
import { effectiveChat } from './conversation-conventions';
import { CompactAction } from './CompactAction';

const POLICY_KEY = {
  stop: 'chat.context.policy.stop',
  'trim-oldest': 'chat.context.policy.trimOldest',
  'rolling-window': 'chat.context.policy.rollingWindow',
  compact: 'chat.context.policy.compact',
} as const;
const POLICY_HINT = {
  stop: 'chat.context.policyHint.stop',
  'trim-oldest': 'chat.context.policyHint.trimOldest',
  'rolling-window': 'chat.context.policyHint.rollingWindow',
  compact: 'chat.context.policyHint.compact',
} as const;
const ACTION_KEY = {
  send: 'chat.context.action.send',
  trim: 'chat.context.action.trim',
  window: 'chat.context.action.window',
  compact: 'chat.context.action.compact',
  refuse: 'chat.context.action.refuse',
} as const;

/**
 * Beside the composer: how much of the context the next send takes (the core's plan of it: passages and tool list in),
 * what the overflow policy will do, and the policy's choice. `tools`: the tool list's own count while Tools is on
 * (tool-prompt-model.ts), shown as its share until the plan has counted it.
 */
export const ContextMeter = memo(function ContextMeter({ tools = null }: { tools?: TokenCount | null }) {
  const t = useT();
  const { api, app, chat, load } = useAppModel();
  const meter = useMemo(() => createContextMeter({ api, app, chat, timers: realTimers() }), [api, app, chat]);
  useEffect(() => meter.start(), [meter]);
  const count = useStore(meter.count);
  const props = useStore(chat.props);
  const own = useStore(chat.overflow);
  const settings = useStore(app.store, (state) => state.settings);
  const held = useStore(chat.conventions);
  const hasEarlier = useStore(chat.conversation, (state) => state.items.length > 0);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  usePopover({ open, onClose: () => setOpen(false), trigger: button, popover, initialFocus: 'input:checked' });
  // What it says belongs to the model it measured and is chosen beside the chat: a load dialog over it or another model
  // in use closes it, rather than leaving it open, stale, under the dialog or over the next model's meter.
  useEffect(
    () =>
      load.store.subscribe((state, before) => {
        if (state.open && !before.open) setOpen(false);
      }),
    [load],
  );
  useEffect(
    () =>
      chat.props.subscribe((state, before) => {
        if ((state?.model ?? null) !== (before?.model ?? null)) setOpen(false);
      }),
    [chat],
  );
  if (!settings) return null;
  const policy: OverflowPolicy = own ?? settings.chat.overflow;
  const toolTokens = tools ? count?.toolTokens || tools.tokens : 0;
  const view = meterView(
    count,
    props?.nCtx ?? null,
    effectiveChat(settings.chat, held).sampling.max_tokens,
    policy,
    hasEarlier,
  );
  const percent = view ? Math.min(100, Math.round((view.tokens / view.nCtx) * 100)) : 0;
  // The summary stands first in the prompt (after the system prompt): drawn as the start of the fill.
  const summaryPercent = view && count ? Math.min(percent, Math.round((count.summaryTokens / view.nCtx) * 100)) : 0;
  const numbers = view
    ? { tokens: formatCount(view.tokens), nCtx: formatCount(view.nCtx), budget: formatCount(view.budget) }
    : null;

  return (
    <div className="context-meter" data-testid="context-meter" data-level={view?.level ?? 'unknown'}>
      <button
        type="button"
        className="context-meter-button"
        data-testid="context-meter-button"
        ref={button}
        aria-expanded={open}
        aria-haspopup="dialog"
        title={t('chat.context.title')}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="context-meter-bar" aria-hidden="true">
          <span className="context-meter-fill" style={{ width: `${percent}%` }} />
          {summaryPercent > 0 && (
            <span
              className="context-meter-summary"
              data-testid="context-meter-summary"
              style={{ width: `${summaryPercent}%` }}
            />
          )}
        </span>
        <span className="context-meter-text" data-testid="context-meter-text">
          {numbers
            ? t(view?.exact ? 'chat.context.count' : 'chat.context.countEstimate', numbers)
            : count
              ? t('chat.context.countNoLimit', { tokens: formatCount(count.tokens) })
              : t('chat.context.counting')}
        </span>
      </button>
      {open && (
        <div
          className="context-meter-popover"
          ref={popover}
          tabIndex={-1}
          role="dialog"
          aria-label={t('chat.context.title')}
          data-testid="context-popover"
        >
          {view && numbers && <p className="small">{t(ACTION_KEY[view.action], numbers)}</p>}
          {!view && <p className="small muted">{t('chat.context.noLimit')}</p>}
          {count && count.dropped > 0 && (
            <p className="small muted" data-testid="context-sent">
              {t('chat.context.sentAfterCut', { dropped: count.dropped, tokens: formatCount(count.sent) })}
            </p>
          )}
          {count && count.passageTokens > 0 && (
            <p className="small muted" data-testid="context-passages-share">
              {t('chat.context.passageShare', { tokens: formatCount(count.passageTokens) })}
            </p>
          )}
          {toolTokens > 0 && (
            <p className="small muted" data-testid="context-tools-share">
              {t('chat.tools.meterShare', { tokens: formatCount(toolTokens) })}
            </p>
          )}
          {count && count.summaryTokens > 0 && (
            <p className="small muted" data-testid="context-summary-share">
              {t('chat.context.summaryShare', { tokens: formatCount(count.summaryTokens) })}
            </p>
          )}
          {/* Near the end of the context, the older exchanges can be summarised before a send has to. */}
          {view && (view.level !== 'ok' || count?.compactDue) && <CompactAction />}
          <fieldset className="context-policy">
            <legend className="small">{t('chat.context.policyLegend')}</legend>
            {OVERFLOW_POLICIES.map((choice) => (
              <label key={choice} className="context-policy-choice">
                <input
                  type="radio"
                  name="context-policy"
                  value={choice}
                  data-testid={`context-policy-${choice}`}
                  checked={policy === choice}
                  onChange={() => void setConversationOverflow(api, chat, choice)}
                />
                <span>
                  {t(POLICY_KEY[choice])}
                  {choice === settings.chat.overflow && (
                    <span className="muted"> {t('chat.context.policyDefault')}</span>
                  )}
                  <span className="small muted context-policy-hint">{t(POLICY_HINT[choice])}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </div>
  );
});

/** Above the composer: why the last send did not go out, with both numbers and what to do. */
export const ContextRefusal = memo(function ContextRefusal() {
  const t = useT();
  const { chat } = useAppModel();
  const refusal = useStore(chat.contextRefusal);
  if (!refusal) return null;
  return (
    <p className="composer-notice context-refusal" role="alert" data-testid="context-refusal">
      {refusal.toolTokens !== undefined
        ? t('chat.tools.refused', {
            tools: formatCount(refusal.toolTokens),
            tokens: formatCount(refusal.tokens),
            budget: formatCount(refusal.budget),
            nCtx: formatCount(refusal.nCtx),
          })
        : t(refusal.reason === 'stop' ? 'chat.context.refused.stop' : 'chat.context.refused.tooLong', {
            tokens: formatCount(refusal.tokens),
            budget: formatCount(refusal.budget),
            nCtx: formatCount(refusal.nCtx),
          })}
      <button
        type="button"
        className="icon-btn icon-btn-small"
        aria-label={t('common.dismiss')}
        onClick={() => chat.contextRefusal.setState(null, true)}
      >
        ×
      </button>
    </p>
  );
});
