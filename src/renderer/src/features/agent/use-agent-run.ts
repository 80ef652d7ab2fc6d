import { useSyncExternalStore } from 'react';
import { useAppModel } from '../../app-model';
import type { AgentRunState } from './agent-runs';

/** One run's state; re-renders only when that run changes. */
export function useAgentRun(runId: string): AgentRunState | null {
  const { agent } = useAppModel();
  return useSyncExternalStore(agent.store.subscribe, () => agent.store.getState().runs[runId] ?? null);
}
