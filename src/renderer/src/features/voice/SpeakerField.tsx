import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT, type Translate } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';
import { FilePickButton } from '../../ui/FilePickButton';
import type { SpeakerClipProblem, SpeakerClipResult } from './speaker-clip-store';

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

function problemText(t: Translate, problem: SpeakerClipProblem): string {
  return 'error' in problem ? appErrorText(t, problem.error) : t(problem.key, problem.vars);
}

/** The neural voice's speaker recording: recorded with the microphone, or a picked audio file, or none. */
export function SpeakerField({ value, onChange }: { value: string; onChange: (path: string) => void }) {
  const t = useT();
  const { voice } = useAppModel();
  const clip = voice.speakerClip;
  const phase = useStore(clip.state, (state) => state.phase);
  const [problem, setProblem] = useState<SpeakerClipProblem | null>(null);
  // A recording still open when the panel closes is dropped, and the microphone released.
  useEffect(() => () => clip.discard(), [clip]);

  const settle = (result: SpeakerClipResult): void => {
    if (!result) return;
    if (result.ok) onChange(result.clip.path);
    setProblem(result.ok ? null : result.problem);
  };
  const toggleRecording = async (): Promise<void> => {
    setProblem(null);
    if (phase === 'recording') return settle(await clip.stop());
    setProblem(await clip.record());
  };

  return (
    <div className="field" data-testid="tts-speaker">
      <span className="tts-field-label">{t('readAloud.neural.speaker')}</span>
      <p className="small" data-testid="tts-speaker-path" title={value || undefined}>
        {value ? t('readAloud.neural.speakerSet', { name: fileName(value) }) : t('readAloud.neural.speakerNone')}
      </p>
      <div className="tts-actions">
        <button
          type="button"
          className={`btn btn-small${phase === 'recording' ? ' is-recording' : ''}`}
          data-testid="tts-speaker-record"
          disabled={phase === 'saving'}
          onClick={() => void toggleRecording()}
        >
          {phase === 'recording' ? t('readAloud.neural.recordStop') : t('readAloud.neural.record')}
        </button>
        <FilePickButton
          label={t('readAloud.neural.speakerFile')}
          accept="audio/*,.wav,.mp3,.ogg,.flac"
          testId="tts-speaker-pick"
          inputTestId="tts-speaker-file"
          disabled={phase !== 'idle'}
          onPick={(file) => void clip.pick(file).then(settle)}
        />
        {value && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="tts-speaker-clear"
            disabled={phase !== 'idle'}
            onClick={() => onChange('')}
          >
            {t('readAloud.neural.speakerClear')}
          </button>
        )}
      </div>
      {phase === 'saving' && <p className="muted small">{t('readAloud.neural.speakerSaving')}</p>}
      {problem && (
        <p className="field-error" role="alert" data-testid="tts-speaker-problem">
          {problemText(t, problem)}
        </p>
      )}
      <p className="field-hint">{t('readAloud.neural.speakerHint')}</p>
    </div>
  );
}
