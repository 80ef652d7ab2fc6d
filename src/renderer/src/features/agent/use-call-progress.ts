import { useEffect, useState } from 'react';
import type { AgentProgress } from '@shared/tools/agent/agent-progress';
import { useAppModel } from '../../app-model';

/**
 * The latest `agent:progress` of one run while it runs. Kept in the view, not in the
 * agent store: only this view reads it, it is stale the moment the call's step arrives,
 * and a page that attaches late simply starts at the next update.
 */
export function useCallProgress(runId: string, running: boolean): AgentProgress | null {
  const { api } = useAppModel();
  const [latest, setLatest] = useState<AgentProgress | null>(null);
  useEffect(() => {
    if (!running) return;
    return api.on('agent:progress', (progress) => {
      if (progress.requestId === runId) setLatest(progress);
    });
  }, [api, runId, running]);
  return latest;
}
