// Voice input as the app holds it: the recorder wired to the page's microphone
// and decoder, the voice settings panel (with the neural voice's speaker
// recording), and voice:status kept current when the voice settings change.
import type { VoiceSettings } from '@shared/audio/voice-schemas';
import { newId } from '../../lib/new-id';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import type { DecodeAudio, OpenMicrophone } from './capture';
import { decodeAudioFile } from './decode-audio-file';
import { openMicrophone } from './mic-capture';
import { createRecorderStore, type DraftText, type RecorderStore } from './recorder-store';
import { createSpeakerClipStore, type SpeakerClipStore } from './speaker-clip-store';

export interface VoiceStore extends RecorderStore {
  /** the voice settings panel */
  panelOpen: StoreApi<boolean>;
  /** the neural voice's speaker recording, made with the same microphone and decoder */
  speakerClip: SpeakerClipStore;
  /** fetch voice:status now and again whenever settings.voice changes; returns the teardown */
  start(): () => void;
}

export interface VoiceStoreDeps<D extends DraftText = DraftText> {
  api: EvaApi;
  app: SettingsStore;
  draft: StoreApi<D>;
  /** the page's microphone and decoder unless given (tests have neither) */
  openMicrophone?: OpenMicrophone;
  decodeAudio?: DecodeAudio;
}

export function createVoiceStore<D extends DraftText>(deps: VoiceStoreDeps<D>): VoiceStore {
  const audio = {
    openMicrophone: deps.openMicrophone ?? openMicrophone,
    decodeAudio: deps.decodeAudio ?? decodeAudioFile,
  };
  const recorder = createRecorderStore({
    api: deps.api,
    draft: deps.draft,
    settings: () => deps.app.store.getState().settings,
    ...audio,
    newId: () => newId(),
  });
  return {
    ...recorder,
    panelOpen: createStore<boolean>()(() => false),
    speakerClip: createSpeakerClipStore({ api: deps.api, ...audio }),
    start: () => {
      let seen: VoiceSettings | null = null;
      const check = (): void => {
        const voice = deps.app.store.getState().settings?.voice ?? null;
        if (voice === null || (seen !== null && seen.modelPath === voice.modelPath && seen.language === voice.language))
          return;
        seen = voice;
        void recorder.refreshStatus();
      };
      const off = deps.app.store.subscribe(check);
      check();
      return off;
    },
  };
}
