// One backend's next start within a load: the GPU layers and context it starts
// with (what was asked, what fit last time, or smaller after running out of
// memory) and the key that says whether the running server already matches.
import type { StatusNotice } from '@shared/backend/status-notices';
import type { BackendKind, GpuInfo, GpuLayerEstimate, LoadSettings } from '@shared/contract';
import type { FitMemory } from '../fit/fit-memory';
import { beginFit, deviceSignature, rememberedNotice, type FitRun } from '../fit/load-fitting';
import { launchKey } from './server-args';

export interface LaunchRequest {
  settings: LoadSettings;
  backend: BackendKind;
  host: string;
  /** the user's key for network clients, '' for none */
  userKey: string;
  slotSavePath: string | undefined;
}

export interface LaunchPlan {
  fitting: FitRun;
  /** "started with what fit last time …" when this backend's fit begins from memory */
  recalled: StatusNotice | null;
  gpuLayers: number;
  /** the load's settings with the context the fit chose */
  launchSettings: LoadSettings;
  key: string;
}

/** `current`: the load's fit so far, carried on while the same backend (its `index` in the order) starts again. */
export async function planLaunch(
  memory: FitMemory,
  current: FitRun | null,
  index: number,
  request: LaunchRequest,
  gpus: readonly GpuInfo[],
  gpuEstimate: GpuLayerEstimate | null,
): Promise<LaunchPlan> {
  const { settings, backend, host, userKey, slotSavePath } = request;
  let fitting = current;
  let recalled: StatusNotice | null = null;
  if (fitting?.index !== index) {
    const requested = { gpuLayers: gpuEstimate?.gpuLayers ?? 0, contextSize: settings.contextSize };
    const requestKey = launchKey({ settings, backend, host, gpuLayers: requested.gpuLayers, userKey, slotSavePath });
    fitting = await beginFit(memory, index, requestKey, settings.modelPath, deviceSignature(backend, gpus), requested);
    recalled = rememberedNotice(fitting);
  }
  const { gpuLayers } = fitting.point;
  const launchSettings: LoadSettings = { ...settings, contextSize: fitting.point.contextSize };
  const key = launchKey({ settings: launchSettings, backend, host, gpuLayers, userKey, slotSavePath });
  return { fitting, recalled, gpuLayers, launchSettings, key };
}
