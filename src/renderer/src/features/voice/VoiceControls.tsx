import { memo, useRef, type RefObject } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useStore } from 'zustand';
import { ReadAloudControls } from '../read-aloud/ReadAloudControls';
import { useTextInput } from './use-text-input';
import { useVoiceNotify } from './use-voice-notify';
import { voiceStatusLine } from './voice-status-text';
import './voice.css';

const AUDIO_ACCEPT = 'audio/*,.wav,.mp3,.ogg,.oga,.opus,.flac,.m4a,.webm';

/** The composer's voice buttons: record (F2), transcribe an audio file, read answers aloud. */
export const VoiceControls = memo(function VoiceControls({ input }: { input: RefObject<HTMLTextAreaElement | null> }) {
  const t = useT();
  const { voice, app } = useAppModel();
  const state = useStore(voice.state);
  const status = useStore(voice.status);
  const last = useStore(voice.last);
  const settings = useStore(app.store, (state) => state.settings);
  const notify = useVoiceNotify();
  const picker = useRef<HTMLInputElement>(null);
  useTextInput(voice, input);

  const key = settings?.hotkeys.record || 'F2';
  const line = voiceStatusLine(status);
  const recording = state.phase === 'recording';
  const title = recording
    ? t('voice.recordStop', { key })
    : line && !line.ready
      ? t(line.key, line.vars)
      : t('voice.record', { key });
  return (
    <span className="voice-controls">
      <button
        type="button"
        className={`icon-btn voice-mic${recording ? ' is-recording' : ''}${line && !line.ready ? ' is-unavailable' : ''}`}
        data-testid="voice-record"
        data-phase={state.phase}
        data-last-rms={last?.rms}
        data-last-ms={last?.durationMs}
        aria-pressed={recording}
        aria-label={title}
        title={title}
        disabled={state.phase !== 'idle' && !recording}
        onClick={() => void voice.toggle(notify)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
          <path
            d="M6 11a6 6 0 0 0 12 0M12 17v4M9 21h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <button
        type="button"
        className="icon-btn"
        data-testid="voice-transcribe-file"
        aria-label={t('voice.transcribeFile')}
        title={t('voice.transcribeFile')}
        disabled={state.phase !== 'idle'}
        onClick={() => picker.current?.click()}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M7 3h7l4 4v14H7z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          <path d="M10 11v5M12.5 9v9M15 12v3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        accept={AUDIO_ACCEPT}
        data-testid="voice-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void voice.transcribeFile(file, notify);
        }}
      />
      <ReadAloudControls />
    </span>
  );
});
