import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { NO_PLAYBACK } from './audio-player';
import { availabilityKey } from './availability-text';
import './read-aloud.css';

// For a read-aloud store without the neural voice: the hook needs a store either way.
const NO_NEURAL = createStore(() => NO_PLAYBACK);

/**
 * The composer's read-aloud switch (the persisted setting) and, while speaking, a way to stop. The switch's data
 * attributes say what the neural voice's player has played, for tests, which cannot listen.
 */
export function ReadAloudControls() {
  const t = useT();
  const { readAloud, app, notices } = useAppModel();
  const speaking = useStore(readAloud.speaking);
  const availability = useStore(readAloud.availability);
  const playback = useStore(readAloud.neural?.playback ?? NO_NEURAL);
  const settings = useStore(app.store, (state) => state.settings);
  const on = settings?.readAloud === true;
  const note = availabilityKey(availability);
  const title = note && availability !== 'checking' ? `${t('readAloud.toggle')} — ${t(note)}` : t('readAloud.toggle');
  return (
    <>
      <button
        type="button"
        className={`icon-btn read-aloud-toggle${on ? ' is-on' : ''}`}
        data-testid="read-aloud-toggle"
        data-availability={availability}
        data-neural-played={playback.started}
        data-neural-playing={playback.playing}
        data-neural-rms={playback.rms ?? ''}
        aria-pressed={on}
        aria-label={title}
        title={title}
        disabled={!settings || availability === 'unsupported'}
        onClick={() => void readAloud.setEnabled(!on).then((result) => !result.ok && notices.reportError(result.error))}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          {on ? (
            <path
              d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          ) : (
            <path d="M16.5 9.5l5 5M21.5 9.5l-5 5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          )}
        </svg>
      </button>
      {speaking && (
        <button
          type="button"
          className="btn btn-ghost btn-small read-aloud-stop"
          data-testid="read-aloud-stop"
          onClick={() => readAloud.stop()}
        >
          <span className="stop-square" aria-hidden="true" />
          {t('readAloud.stop')}
        </button>
      )}
    </>
  );
}
