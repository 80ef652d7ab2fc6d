import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';
import { NO_PLAYBACK } from '../read-aloud/audio-player';
import type { TestOutcome } from '../read-aloud/neural-speaker';
import { TEST_SENTENCE_KEY, voiceOfForm, type TtsForm } from './tts-form';

const seconds = (ms: number) => (ms / 1000).toFixed(1);
// For a read-aloud store without the neural voice: the hook needs a store either way.
const EMPTY_PLAYBACK = createStore(() => NO_PLAYBACK);

/**
 * Test: a sample sentence in the UI language, said with the voice the form describes now (saved or not). The line's
 * data attributes carry what the player measured, for tests, which cannot listen.
 */
export function TtsTest({ form }: { form: TtsForm }) {
  const t = useT();
  const { readAloud } = useAppModel();
  const neural = readAloud.neural;
  const playback = useStore(neural?.playback ?? EMPTY_PLAYBACK);
  const [running, setRunning] = useState(false);
  const runningNow = useRef(false);
  // A sample still being made or played when the panel closes is stopped with it.
  useEffect(() => () => void (runningNow.current && readAloud.stop()), [readAloud]);
  const [outcome, setOutcome] = useState<TestOutcome | 'no-model' | null>(null);
  const voice = voiceOfForm(form);

  const start = async (): Promise<void> => {
    if (!voice) return setOutcome('no-model');
    setOutcome(null);
    setRunning(true);
    runningNow.current = true;
    const result = await readAloud.testVoice(voice, t(TEST_SENTENCE_KEY));
    runningNow.current = false;
    setRunning(false);
    setOutcome(result);
  };

  const line = running
    ? playback.playing
      ? t('readAloud.neural.testPlaying')
      : t('readAloud.neural.testMaking')
    : outcome === 'no-model'
      ? t('readAloud.neural.testNeedsModel')
      : outcome?.kind === 'played'
        ? t('readAloud.neural.testPlayed', {
            audio: seconds(outcome.speech.audioMs),
            synth: seconds(outcome.speech.synthMs),
          })
        : outcome?.kind === 'stopped'
          ? t('readAloud.neural.testStopped')
          : outcome?.kind === 'failed'
            ? appErrorText(t, outcome.error)
            : null;
  const failed = outcome === 'no-model' || outcome?.kind === 'failed';
  return (
    <div className="tts-actions">
      <button
        type="button"
        className="btn"
        data-testid="tts-test"
        disabled={!neural}
        onClick={() => (running ? readAloud.stop() : void start())}
      >
        {running ? t('readAloud.neural.testStop') : t('readAloud.neural.test')}
      </button>
      {line !== null && (
        <span
          className={`small${failed ? ' voice-warning' : ' muted'}`}
          role="status"
          data-testid="tts-test-status"
          data-outcome={running ? 'running' : outcome === 'no-model' ? 'failed' : (outcome?.kind ?? '')}
          data-played={playback.started}
          data-rms={playback.rms ?? ''}
        >
          {line}
        </span>
      )}
    </div>
  );
}
