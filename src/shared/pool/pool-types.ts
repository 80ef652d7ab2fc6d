// What the model pool reports: the router and each model it offers.
import type { AppError } from '../errors';

/** A model's state as llama-server's router reports it, plus `unloading` while EVA asks it to go. */
export type PoolModelState = 'unloaded' | 'loading' | 'loaded' | 'sleeping' | 'unloading' | 'failed';

export interface PoolModelStatus {
  /** the router's name for it (the file name, made unique): what a request's `model` names */
  id: string;
  path: string;
  state: PoolModelState;
  /** its own llama-server's port while loaded */
  port: number | null;
  /** weights plus the KV cache of its context, as EVA estimates them */
  estimatedBytes: number;
  /** when a request last asked for it (ms since the epoch), null never */
  lastUsedAt: number | null;
  /** why its last load failed */
  error: string | null;
}

export interface PoolStatus {
  state: 'stopped' | 'starting' | 'ready' | 'error';
  port: number | null;
  pid: number | null;
  models: PoolModelStatus[];
  maxLoaded: number;
  budgetBytes: number;
  /** estimated bytes of the models loaded now */
  usedBytes: number;
  error: AppError | null;
  /**
   * the router stopped on its own and is being (or was) started again: why, and which attempt of how many; null since
   * the pool was started
   */
  restart: { how: string; attempt: number; of: number } | null;
}
