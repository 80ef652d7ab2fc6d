// What the model pool (model-pool.ts) is given, and the endpoint it hands a
// conversation that asks for one of its models.
import type { BackendKind, EventName, EventPayloads } from '@shared/contract';
import type { ProcessLifecycle } from '../process/process-lifecycle';

export interface PoolEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface ModelPoolDeps {
  registry: ProcessLifecycle;
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  /** the llama-server binary to run as the router, and its build (the CPU one computes on the cores the page shares) */
  server: () => Promise<{ path: string; kind: BackendKind }>;
  /** where the preset file is written */
  dir: string;
  /** a line for the model log: the router's own, or one of its models' with the model named */
  log: (stream: 'stdout' | 'stderr' | 'app', text: string) => void;
  now?: () => number;
  totalMemory?: () => number;
  /** how often idle models are looked for (default 30 s) */
  idleCheckMs?: number;
  loadTimeoutMs?: number;
  /**
   * the router's restarts after it died (default DEFAULT_RESTART_POLICY: 1, 2, 4 s; budget refilled after 60 s ready)
   */
  restartDelaysMs?: readonly number[];
  restartHealthyMs?: number;
}
