// Stopping a running request: an agent run is stopped through the agent store
// (`agent:stop`), a plain chat request with `chat:stop`; either is asked again
// until the core has it, or the request has ended on its own.
import type { StoreApi } from 'zustand/vanilla';
import type { EvaApi } from '../../platform/types';
import type { AgentStore } from '../agent/agent-store';
import type { ConversationState } from './conversation';

const STOP_RETRY_MS = 100;
const STOP_RETRIES = 30;

export interface StopRequestDeps {
  api: EvaApi;
  agent?: AgentStore;
  /** request ids that are agent runs */
  runs: ReadonlySet<string>;
  conversation: StoreApi<ConversationState>;
  /** wait between repeated stop calls */
  sleep: (ms: number) => Promise<void>;
}

export type StopRequest = (requestId: string) => Promise<void>;

export function createStopRequest({ api, agent, runs, conversation, sleep }: StopRequestDeps): StopRequest {
  /**
   * The core registers a request only once it has resolved the endpoint; a stop before that finds nothing, so ask
   * again.
   */
  return async (requestId) => {
    for (let attempt = 0; attempt < STOP_RETRIES; attempt++) {
      const result =
        runs.has(requestId) && agent ? await agent.stop(requestId) : await api.invoke('chat:stop', { requestId });
      if (!result.ok || result.value.stopped || conversation.getState().activeRequestId !== requestId) return;
      await sleep(STOP_RETRY_MS);
      if (conversation.getState().activeRequestId !== requestId) return;
    }
  };
}
