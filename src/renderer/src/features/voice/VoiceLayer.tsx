import { useEffect } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { formatDuration } from './format-duration';
import { useNow } from '../../lib/use-now';
import { useStore } from 'zustand';
import { LevelMeter } from './LevelMeter';
import { useVoiceNotify } from './use-voice-notify';
import './voice.css';

/**
 * F2 starts and stops recording wherever the user is; Esc cancels; while busy, a bar shows the time, the level and what
 * is going on.
 */
export function VoiceLayer() {
  const t = useT();
  const { voice, hotkeys, app } = useAppModel();
  const state = useStore(voice.state);
  const settings = useStore(app.store, (state) => state.settings);
  const notify = useVoiceNotify();
  const busy = state.phase !== 'idle';
  const now = useNow(state.phase === 'recording', 200);

  useEffect(() => hotkeys.on('record', () => void voice.toggle(notify)), [hotkeys, voice, notify]);

  useEffect(() => {
    if (!busy) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.isComposing) return;
      // Before dialogs hear it: Esc here means "drop the recording", not "close the panel".
      event.preventDefault();
      event.stopPropagation();
      voice.cancel();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [busy, voice]);

  if (!busy) return null;
  const key = settings?.hotkeys.record || 'F2';
  const text =
    state.phase === 'recording'
      ? `${t('voice.recording')} ${formatDuration(Math.max(0, now - state.startedAt))}`
      : state.phase === 'opening'
        ? t('voice.opening')
        : state.phase === 'decoding'
          ? t('voice.decoding', { name: state.name })
          : t('voice.transcribing');
  return (
    <div
      className={`voice-bar phase-${state.phase}`}
      role="status"
      data-testid="voice-indicator"
      data-phase={state.phase}
    >
      <span className="voice-dot" aria-hidden="true" />
      <span className="voice-bar-text">{text}</span>
      {state.phase === 'recording' && <LevelMeter read={voice.level} label={t('voice.level')} />}
      <span className="voice-bar-hint muted small">
        {state.phase === 'recording' ? t('voice.hint', { key }) : t('voice.hintBusy')}
      </span>
      {state.phase === 'recording' && (
        <button
          type="button"
          className="btn btn-small btn-primary"
          data-testid="voice-stop"
          onClick={() => void voice.stopRecording(notify)}
        >
          {t('voice.recordStop', { key })}
        </button>
      )}
      <button type="button" className="btn btn-small" data-testid="voice-cancel" onClick={() => voice.cancel()}>
        {t('voice.cancel')}
      </button>
    </div>
  );
}
