// The local server's part of the contract: the backends this machine has, a
// model's facts before loading it, load and stop, the server's log and key.
import { z } from 'zod';
import type { ContextRecommendation } from '../chat/context-types';
import { channel, emptyInput } from '../contract-parts';
import type { BackendInfo, BackendStatus, GpuInfo, GpuLayerEstimate, LogLine, ModelFacts } from '../core-types';
import { BackendLoadSchema, LoadSettingsSchema } from '../settings-schemas';

const inspectInput = z
  .object({
    modelPath: z.string().min(1).max(4096),
    mmprojPath: z.string().max(4096).optional(),
    backend: LoadSettingsSchema.shape.backend.optional(),
  })
  .strict();

/** What the load form learns about a model file before it is loaded. */
export interface ModelInspection {
  model: ModelFacts;
  estimate: GpuLayerEstimate;
  /** the context the load form defaults to, and why; absent from an older core */
  recommendedContext?: ContextRecommendation;
}

export const backendChannels = {
  /** `gpuProbeError`: why the GPU probe itself failed, so an empty `gpus` does not mean the machine has none */
  'backend:discover': channel<typeof emptyInput, { backends: BackendInfo[]; gpus: GpuInfo[]; gpuProbeError?: string }>(
    emptyInput,
  ),
  'backend:inspect': channel<typeof inspectInput, ModelInspection>(inspectInput),
  'backend:load': channel<typeof BackendLoadSchema, BackendStatus>(BackendLoadSchema),
  /** Whether the local server has a user API key stored, and how it is sealed; the key itself never leaves the core. */
  'backend:api-key': channel<typeof emptyInput, { hasKey: boolean; protection: string }>(emptyInput),
  'backend:stop': channel<typeof emptyInput, BackendStatus>(emptyInput),
  'backend:status': channel<typeof emptyInput, BackendStatus>(emptyInput),
  'backend:log': channel<typeof emptyInput, { lines: LogLine[] }>(emptyInput),
  /** The host's native file picker for a model file; refused where the host has none. */
  'dialog:pick-model': channel<typeof emptyInput, { path: string | null }>(emptyInput),
} as const;

export interface BackendEventPayloads {
  'backend:state': BackendStatus;
  'backend:log-lines': { lines: LogLine[] };
}

export const BACKEND_EVENT_NAMES: Record<keyof BackendEventPayloads, true> = {
  'backend:state': true,
  'backend:log-lines': true,
};
