// The running local server, asked every 1.5 s while the page is open: its /props
// (model, context per slot, slot count, build) and each slot's share of the
// context from /slots, or why the slots cannot be shown.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { LiveSlot } from '@shared/model-info/model-info-types';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/format';
import { appErrorText } from '../../ui/app-error-text';
import type { ModelInfoStore } from './model-info-store';
import { percentText } from './model-info-words';

export function LiveSlots({ store }: { store: ModelInfoStore }) {
  const t = useT();
  const live = useStore(store.state, (s) => s.live);
  const error = useStore(store.state, (s) => s.liveError);
  useEffect(() => store.watchLive(), [store]);
  return (
    <section className="model-info-section" data-testid="model-info-live" data-state={live?.state ?? 'unknown'}>
      <h2>{t('modelInfo.live')}</h2>
      {error && (
        <p className="field-error" role="alert">
          {appErrorText(t, error)}
        </p>
      )}
      {live?.state === 'stopped' && <p className="muted">{t('modelInfo.live.stopped')}</p>}
      {live?.state === 'unreachable' && (
        <p className="field-error" title={live.message}>
          {t('modelInfo.live.unreachable', { message: live.message })}
        </p>
      )}
      {live?.state === 'running' && (
        <>
          <p className="small" data-testid="live-props">
            {t('modelInfo.live.props', {
              model: live.props.modelAlias ?? live.props.modelPath ?? '?',
              nCtx: formatCount(live.props.nCtx),
              slots: live.props.totalSlots ?? '?',
            })}
            {live.props.build && ` · ${t('modelInfo.live.build', { build: live.props.build })}`}
            {live.props.sleeping && ` · ${t('modelInfo.live.sleeping')}`}
          </p>
          {live.slotsState === 'disabled' && (
            <p className="muted" data-testid="live-slots-disabled" title={live.slotsMessage ?? undefined}>
              {t('modelInfo.live.slotsDisabled')}
            </p>
          )}
          {live.slotsState === 'failed' && (
            <p className="field-error" data-testid="live-slots-failed">
              {t('modelInfo.live.slotsFailed', { message: live.slotsMessage ?? '' })}
            </p>
          )}
          {live.slotsState === 'ok' && (
            <ul className="model-info-slots">
              {live.slots.map((slot) => (
                <SlotRow key={slot.id} slot={slot} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function SlotRow({ slot }: { slot: LiveSlot }) {
  const t = useT();
  const tokens = slot.tokens ?? 0;
  return (
    <li data-testid="live-slot" data-slot={slot.id} data-processing={slot.processing} data-tokens={tokens}>
      <span className="model-info-slot-name">{t('modelInfo.live.slot', { id: slot.id })}</span>
      <span className={`badge${slot.processing ? ' warn' : ''}`}>
        {t(slot.processing ? 'modelInfo.live.processing' : 'modelInfo.live.idle')}
      </span>
      <progress max={Math.max(1, slot.nCtx)} value={tokens} aria-label={t('modelInfo.live.contextUse')} />
      <span className="small" data-testid="live-slot-use">
        {t('modelInfo.live.use', {
          tokens: formatCount(tokens),
          nCtx: formatCount(slot.nCtx),
          percent: percentText(tokens, slot.nCtx),
        })}
      </span>
      {slot.processing && (
        <span className="muted small">
          {t('modelInfo.live.progress', {
            processed: formatCount(slot.promptProcessed ?? 0),
            cached: formatCount(slot.promptCached ?? 0),
            decoded: formatCount(slot.decoded ?? 0),
          })}
        </span>
      )}
    </li>
  );
}
