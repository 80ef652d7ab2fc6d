// Read aloud as the app holds it: the store, speaking through the system's voices or the neural voice (llama-tts in
// the core, played by the page's audio element), whichever the settings choose.
import type { StoreApi } from 'zustand/vanilla';
import type { BackendStatus } from '@shared/contract';
import { newId } from '../../lib/new-id';
import type { AppError, EvaApi } from '../../platform/types';
import type { AudioPlayer } from './audio-player';
import { createNeuralSpeaker, neuralVoiceOf } from './neural-speaker';
import { createPageAudioPlayer } from './page-audio-player';
import { createReadAloudSpeaker } from './read-aloud-speaker';
import { createReadAloudStore, type ReadAloudDeps, type ReadAloudStore } from './read-aloud-store';
import type { Speaker } from './speaker';
import { createWebSpeaker } from './web-speaker';

export interface ReadAloudFeatureDeps extends Pick<ReadAloudDeps, 'chat' | 'app'> {
  api: Pick<EvaApi, 'invoke'>;
  status: { store: StoreApi<BackendStatus | null> };
  report: (error: AppError) => void;
  /** the page's own unless given (tests have neither speech nor audio) */
  system?: Speaker;
  player?: AudioPlayer;
}

export function createReadAloud(deps: ReadAloudFeatureDeps): ReadAloudStore {
  const player = deps.player ?? createPageAudioPlayer();
  const neural = createNeuralSpeaker({
    api: deps.api,
    player,
    voice: () => {
      const tts = deps.app.store.getState().settings?.tts;
      return tts ? neuralVoiceOf(tts) : null;
    },
    newId: () => newId(),
    report: deps.report,
  });
  const speaker = createReadAloudSpeaker({
    system: deps.system ?? createWebSpeaker(),
    neural,
    settings: deps.app.store,
    backend: deps.status.store,
  });
  return createReadAloudStore({ ...deps, speaker, neural: { speaker: neural, playback: player.facts } });
}
