// What the load form shows for a model before it is loaded: its facts, the GPU
// offload EVA would choose, and the context it recommends for this machine.
import type { GpuLayerEstimate, LoadSettings, ModelFacts } from '@shared/contract';
import type { ContextRecommendation } from '@shared/chat/context-types';
import type { BackendCatalog } from '../backend-catalog';
import { orderBackends } from '../backend-choice';
import { estimateGpuLayers } from '../gpu/estimate-gpu-layers';
import { readModelFacts } from './model-facts';
import { recommendContext } from './recommend-context';

export interface ModelInspection {
  model: ModelFacts;
  estimate: GpuLayerEstimate;
  recommendedContext: ContextRecommendation;
}

/** `freeMemory`: free system RAM in bytes, asked only when the context is planned against RAM. */
export async function inspectModel(
  catalog: BackendCatalog,
  modelPath: string,
  mmprojPath: string | undefined,
  choice: LoadSettings['backend'],
  freeMemory: () => number,
): Promise<ModelInspection> {
  const model = await readModelFacts(modelPath, mmprojPath || undefined);
  const backends = (await catalog.backends()).filter((b) => b.executable);
  const [first] = orderBackends(
    choice,
    backends.map((b) => b.kind),
  );
  const backend = backends.find((b) => b.kind === first);
  const gpus = backend && backend.kind !== 'cpu' ? await catalog.gpus(backend.serverPath) : [];
  // Weights alone on the GPU: the KV cache goes there too, so the context is planned against VRAM; otherwise against
  // RAM.
  const weightsOnly = estimateGpuLayers({
    backend: backend?.kind ?? 'cpu',
    model: { ...model, kvBytesPerToken: 0 },
    gpus,
    override: 'auto',
  });
  const onGpu = weightsOnly.why?.code === 'fits' ? weightsOnly.why : null;
  const recommendedContext = recommendContext({
    trained: model.contextLength,
    kvBytesPerToken: model.kvBytesPerToken ?? 0,
    weightsBytes: model.fileSize + model.mmprojSize,
    freeBytes: onGpu ? onGpu.gpuMiB * 1024 * 1024 : freeMemory(),
    memory: onGpu ? 'vram' : 'ram',
  });
  // What the form offers by default, with the KV cache of that context counted.
  const estimate = estimateGpuLayers({
    backend: backend?.kind ?? 'cpu',
    model,
    gpus,
    override: 'auto',
    contextSize: recommendedContext.tokens,
  });
  return { model, estimate, recommendedContext };
}
