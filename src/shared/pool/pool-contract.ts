// The model pool's part of the contract (several models at once through
// llama-server's router mode): its channels with their input schemas, and its
// event. contract.ts spreads these into the one contract.
import { z } from 'zod';
import { PoolSettingsSchema } from './pool-settings';
import type { PoolStatus } from './pool-types';

const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });
const empty = z.object({}).strict().optional();
const modelRef = z.object({ id: z.string().min(1).max(200) }).strict();

export const poolChannels = {
  /** Start the router with these models (saved as settings.pool); the single-model server is stopped first. */
  'pool:start': channel<typeof PoolSettingsSchema, PoolStatus>(PoolSettingsSchema.strict()),
  'pool:stop': channel<typeof empty, PoolStatus>(empty),
  'pool:status': channel<typeof empty, PoolStatus>(empty),
  /** Load a model now (unloading the least recently used ones the budget needs gone); resolves when it is loaded. */
  'pool:use': channel<typeof modelRef, PoolStatus>(modelRef),
  'pool:unload': channel<typeof modelRef, PoolStatus>(modelRef),
} as const;

export interface PoolEventPayloads {
  /** the pool's status after any change: the router, or one of its models */
  'pool:state': PoolStatus;
}

export const POOL_EVENT_NAMES: Record<keyof PoolEventPayloads, true> = {
  'pool:state': true,
};
