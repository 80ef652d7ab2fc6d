import { useContext, useEffect, useState } from 'react';
import type { VoiceLanguage } from '@shared/audio/voice-schemas';
import type { AppSettings } from '@shared/contract';
import { useAppModel } from '../../app-model';
import { I18nContext, useT } from '../../i18n';
import { useStore } from 'zustand';
import type { AppError } from '../../platform/types';
import { CheckField, SelectField, TextField } from '../../ui/form-fields';
import { SidePanel } from '../../ui/SidePanel';
import { FileBrowserDialog } from '../models/FileBrowserDialog';
import { useLibrary } from '../models/use-library';
import { availabilityKey } from '../read-aloud/availability-text';
import { NeuralVoiceSection } from './NeuralVoiceSection';
import { filesOfForm, parseTtsForm, ttsFormOf, type TtsForm, type TtsFormErrors } from './tts-form';
import { LANGUAGE_CHOICES, languageName, parseVoiceForm, type VoiceForm } from './voice-form';
import { voiceStatusLine } from './voice-status-text';
import './voice.css';

/** 语音: the whisper model and spoken language for F2, and reading answers aloud (system or neural voice). */
export function VoicePanel() {
  const { voice, app } = useAppModel();
  const open = useStore(voice.panelOpen);
  const settings = useStore(app.store, (state) => state.settings);
  // Mounted per opening, so the form starts from the saved settings each time.
  return open && settings ? <VoiceDialog saved={settings} /> : null;
}

function VoiceDialog({ saved }: { saved: AppSettings }) {
  const t = useT();
  const uiLanguage = useContext(I18nContext).language;
  const { voice, app, readAloud, api } = useAppModel();
  const { browser } = useLibrary();
  // The file browser opens on top and traps the keyboard itself; the panel's trap would fight it.
  const browsing = useStore(browser.store, (state) => state.open);
  const status = useStore(voice.status);
  const availability = useStore(readAloud.availability);
  const voiceMissing = availability === 'none' || availability === 'unsupported';
  const [form, setForm] = useState<VoiceForm>({ modelPath: saved.voice.modelPath, language: saved.voice.language });
  const [speak, setSpeak] = useState(saved.readAloud);
  const [tts, setTts] = useState<TtsForm>(() => ttsFormOf(saved.tts));
  const [ttsErrors, setTtsErrors] = useState<TtsFormErrors>({});
  const [pathError, setPathError] = useState<ReturnType<typeof parseVoiceForm> | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const close = () => voice.panelOpen.setState(false, true);

  useEffect(() => {
    void voice.refreshStatus();
  }, [voice]);

  const save = async (): Promise<void> => {
    const parsed = parseVoiceForm(form);
    const parsedTts = parseTtsForm(tts);
    setPathError(parsed.ok ? null : parsed);
    setTtsErrors(parsedTts.ok ? {} : parsedTts.errors);
    if (!parsed.ok || !parsedTts.ok) return;
    setSaving(true);
    setError(null);
    const result = await app.updateSettings({ voice: parsed.value, readAloud: speak, tts: parsedTts.value });
    const now = result.ok ? await voice.refreshStatus() : null;
    const neural = parsedTts.value.source === 'neural' ? filesOfForm(tts) : null;
    const voiceCheck = result.ok && neural ? await api.invoke('voice:tts-check', neural) : null;
    setSaving(false);
    if (!result.ok) setError(result.error);
    // Stay open when a model cannot be used, so the user sees why.
    else if (
      (!now?.problem || parsed.value.modelPath === '') &&
      (!voiceCheck || (voiceCheck.ok && voiceCheck.value.ok))
    )
      close();
  };

  const line = voiceStatusLine(status, { inPanel: true });
  const speechNote = availabilityKey(availability);
  const fieldError = pathError && !pathError.ok ? { key: pathError.errors.modelPath } : undefined;
  return (
    <>
      <SidePanel
        id="voice-panel"
        title={t('voice.title')}
        onClose={close}
        onSubmit={() => void save()}
        saveLabel={t('voice.save')}
        canSave={!saving}
        error={error}
        errors={ttsErrors}
        paused={browsing}
        className="voice-panel"
      >
        <section className="side-section">
          <h3>{t('voice.input')}</h3>
          <p
            className={`voice-status small${line?.ready ? ' is-ready' : line ? ' is-problem' : ' muted'}`}
            role="status"
            data-testid="voice-status"
            data-ready={line?.ready ?? false}
          >
            {line ? t(line.key, line.vars) : t('voice.statusChecking')}
          </p>
          <TextField
            label={t('voice.modelPath')}
            value={form.modelPath}
            placeholder="/models/ggml-base.bin"
            mono
            testId="voice-model-path"
            error={fieldError}
            hint={t('voice.modelPathHint')}
            onChange={(modelPath) => setForm((f) => ({ ...f, modelPath }))}
          />
          <SelectField<VoiceLanguage>
            label={t('voice.language')}
            value={form.language as VoiceLanguage}
            options={LANGUAGE_CHOICES.map((code) => ({
              value: code,
              label: languageName(code, uiLanguage, t('voice.language.auto')),
            }))}
            testId="voice-language"
            onChange={(language) => setForm((f) => ({ ...f, language }))}
          />
        </section>
        <section className="side-section">
          <h3>{t('readAloud.title')}</h3>
          <CheckField label={t('readAloud.enable')} checked={speak} testId="read-aloud-setting" onChange={setSpeak} />
          <NeuralVoiceSection
            form={tts}
            errors={ttsErrors}
            uiLanguage={uiLanguage}
            onChange={(patch) => setTts((current) => ({ ...current, ...patch }))}
          />
          {tts.source === 'system' && (
            <>
              <p className="muted small side-note">{t('readAloud.hint')}</p>
              <p
                className={`small side-note ${voiceMissing ? 'voice-warning' : 'muted'}`}
                data-testid="read-aloud-availability"
                data-availability={availability}
              >
                {speechNote ? t(speechNote) : t('readAloud.available', { count: readAloud.voiceCount() })}
              </p>
            </>
          )}
        </section>
      </SidePanel>
      <FileBrowserDialog />
    </>
  );
}
