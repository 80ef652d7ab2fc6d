import { TTS_SPEED, type TtsSource, type TtsVoiceLanguage } from '@shared/audio/tts-settings';
import { useAppModel } from '../../app-model';
import { useT, type Translate } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';
import { BoundedNumberField, CheckField, SelectField } from '../../ui/form-fields';
import { folderOf } from '../models/pick-patch';
import { useLibrary } from '../models/use-library';
import { SpeakerField } from './SpeakerField';
import { TtsFileField } from './TtsFileField';
import { TtsTest } from './TtsTest';
import { filesOfForm, TTS_LANGUAGE_CHOICES, type TtsForm, type TtsFormErrors } from './tts-form';
import { useTtsCheck, type TtsCheckState } from './use-tts-check';
import { languageName } from './voice-form';

interface Props {
  form: TtsForm;
  onChange: (patch: Partial<TtsForm>) => void;
  /** field errors of the last save */
  errors: TtsFormErrors;
  uiLanguage: 'en' | 'zh';
}

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** Who reads answers aloud and, for the neural voice, its files, language, speaker, speed and a Test. */
export function NeuralVoiceSection({ form, onChange, errors, uiLanguage }: Props) {
  const t = useT();
  const { api } = useAppModel();
  const { browser } = useLibrary();
  const neural = form.source === 'neural';
  const check = useTtsCheck(api, neural ? filesOfForm(form) : null);
  const browse = async (field: 'modelPath' | 'mmprojPath'): Promise<void> => {
    const start = form[field].trim() || form.modelPath.trim();
    const chosen = await browser.open('model', start ? folderOf(start) : undefined);
    if (chosen !== null) onChange({ [field]: chosen });
  };
  const fieldError = (field: keyof TtsFormErrors) => {
    const key = errors[field];
    return key ? { key } : undefined;
  };

  return (
    <>
      <SelectField<TtsSource>
        label={t('readAloud.source')}
        value={form.source}
        options={[
          { value: 'system', label: t('readAloud.source.system') },
          { value: 'neural', label: t('readAloud.source.neural') },
        ]}
        testId="tts-source"
        onChange={(source) => onChange({ source })}
      />
      {neural && (
        <>
          <TtsFileField
            label={t('readAloud.neural.model')}
            value={form.modelPath}
            placeholder="/models/qwen3-tts.gguf"
            testId="tts-model-path"
            hint={t('readAloud.neural.modelHint')}
            error={fieldError('modelPath')}
            onChange={(modelPath) => onChange({ modelPath })}
            onBrowse={() => void browse('modelPath')}
          />
          <TtsFileField
            label={t('readAloud.neural.mmproj')}
            value={form.mmprojPath}
            placeholder="/models/mmproj-qwen3-tts.gguf"
            testId="tts-mmproj-path"
            hint={t('readAloud.neural.mmprojHint')}
            error={fieldError('mmprojPath')}
            onChange={(mmprojPath) => onChange({ mmprojPath })}
            onBrowse={() => void browse('mmprojPath')}
          />
          <CheckLine t={t} check={check} />
          <SelectField<TtsVoiceLanguage>
            label={t('readAloud.neural.language')}
            value={form.language as TtsVoiceLanguage}
            options={TTS_LANGUAGE_CHOICES.map((code) => ({
              value: code,
              label: code === 'auto' ? t('readAloud.neural.language.auto') : languageName(code, uiLanguage, ''),
            }))}
            testId="tts-language"
            onChange={(language) => onChange({ language })}
          />
          <SpeakerField value={form.speakerPath} onChange={(speakerPath) => onChange({ speakerPath })} />
          <BoundedNumberField
            id="tts-speed"
            label={t('readAloud.neural.speed')}
            value={form.speed}
            min={TTS_SPEED.min}
            max={TTS_SPEED.max}
            step={TTS_SPEED.step}
            onChange={(speed) => onChange({ speed })}
          />
          <CheckField
            label={t('readAloud.neural.streamOnCpu')}
            checked={form.streamOnCpu}
            testId="tts-stream-on-cpu"
            onChange={(streamOnCpu) => onChange({ streamOnCpu })}
          />
          <p className="muted small side-note">{t('readAloud.neural.streamOnCpuHint')}</p>
          <TtsTest form={form} />
        </>
      )}
    </>
  );
}

/** What voice:tts-check said of the files: ready, or what is wrong (in the UI language, then the core's words). */
function CheckLine({ t, check }: { t: Translate; check: TtsCheckState }) {
  if (check.status === 'idle') return null;
  if (check.status === 'checking')
    return (
      <p className="muted small tts-check" data-testid="tts-check" data-status="checking">
        {t('readAloud.neural.checking')}
      </p>
    );
  if (check.status === 'error')
    return (
      <p className="voice-warning small tts-check" role="alert" data-testid="tts-check" data-status="problem">
        {appErrorText(t, check.error)}
      </p>
    );
  const { ok, architecture, mmprojPath, problem, reason } = check.check;
  if (ok)
    return (
      <p className="voice-status is-ready small tts-check" data-testid="tts-check" data-status="ready">
        {t('readAloud.neural.ready', {
          arch: architecture === 'pockettts' ? 'Pocket TTS' : 'Qwen3-TTS',
          mmproj: fileName(mmprojPath ?? ''),
        })}
      </p>
    );
  const worded = appErrorText(t, { code: 'model_invalid', message: problem ?? '', details: { reason } });
  return (
    <div className="voice-warning small tts-check" role="alert" data-testid="tts-check" data-status="problem">
      <p className="tts-check-detail">{worded}</p>
      {problem && problem !== worded && (
        <p className="tts-check-detail mono" data-testid="tts-check-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
