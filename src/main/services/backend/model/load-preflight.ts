// What a load checks before it touches the running server: the port, the model
// file (a GGUF header with an architecture, no tensor past its end), a draft
// model with the same vocabulary where one speculates, a backend to run it, and
// memory enough to hold it. A load refused here leaves the running model as it was.
import type { BackendInfo, LoadSettings, ModelFacts } from '@shared/contract';
import type { BackendCatalog } from '../backend-catalog';
import { validatePort } from '../launch/port-policy';
import { checkDraftVocabulary } from '../gguf/draft-vocabulary';
import { checkModelFitsMachine } from './memory-check';
import { readModelFacts } from './model-facts';

/** A load that passed the checks: the model's facts and the backends to try, in order. */
export interface CheckedLoad {
  facts: ModelFacts;
  order: BackendInfo[];
}

/** `totalMemory`: the machine's RAM in bytes. Throws the AppFailure that says what is wrong. */
export async function preflightLoad(
  catalog: BackendCatalog,
  settings: LoadSettings,
  totalMemory: () => number,
): Promise<CheckedLoad> {
  validatePort(settings.port);
  const facts = await readModelFacts(settings.modelPath, settings.mmprojPath || undefined);
  if (settings.speculative.mode === 'draft')
    await checkDraftVocabulary(settings.modelPath, settings.speculative.draftPath);
  const order = await catalog.order(settings.backend);
  // RPC workers add memory of their own machines, which is not known here.
  if (settings.rpc.mode === 'off') checkModelFitsMachine(facts, totalMemory(), await machineGpus(catalog, order));
  return { facts, order };
}

/** The GPUs of the first GPU build a load may use (none on a CPU-only machine). */
export async function machineGpus(catalog: BackendCatalog, order: readonly BackendInfo[]) {
  const gpuBackend = order.find((backend) => backend.kind !== 'cpu');
  return gpuBackend ? catalog.gpus(gpuBackend.serverPath) : [];
}
