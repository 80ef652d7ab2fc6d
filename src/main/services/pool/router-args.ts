// The router's command line: the flags every model's server shares, from the
// single-model command line without what belongs to one model (its file,
// context, adapters and speculative decoding come from the preset), then the
// preset and the count.
import type { BackendKind, LoadSettings } from '@shared/contract';
import { DEFAULT_SPECULATIVE_SETTINGS } from '@shared/speculative/speculative-settings';
import { buildServerArgs } from '../backend/launch/server-args';

/** -ngl above any model's layer count */
const ALL_LAYERS = 999;

export interface RouterArgsInput {
  load: LoadSettings;
  backend: BackendKind;
  port: number;
  presetPath: string;
  maxLoaded: number;
}

export function routerArgs({ load, backend, port, presetPath, maxLoaded }: RouterArgsInput): string[] {
  // Speculative decoding is each model's own (its draft must share that model's vocabulary): it goes in the preset.
  const perModel = {
    modelPath: '',
    contextSize: 0,
    loraPath: '',
    mmprojPath: '',
    exposeOnNetwork: false,
    speculative: DEFAULT_SPECULATIVE_SETTINGS,
  };
  // A GPU build puts every layer of each model on the GPU: the pool plans with its own budget, not one model's VRAM
  // estimate.
  const shared = buildServerArgs({
    settings: { ...load, ...perModel },
    backend,
    host: '127.0.0.1',
    port,
    gpuLayers: backend === 'cpu' ? 0 : ALL_LAYERS,
  });
  const model = shared.indexOf('-m');
  const withoutModel = model < 0 ? shared : [...shared.slice(0, model), ...shared.slice(model + 2)];
  return [...withoutModel, '--models-preset', presetPath, '--models-max', String(maxLoaded)];
}
