// The agent area: a run of the agent loop (recorded in the history as it goes,
// listed as live so a reloaded page picks it up), its approval answers, the
// tools it may call and the tools prompt a run would send.
import type { ChannelsOf } from '@shared/contract';
import type { AreaModule } from '../area-module';
import type { LiveRuns } from '../chat/live-runs';
import type { HistoryModule } from '../history/history-module';
import { createAgentService, type AgentService, type AgentServiceDeps } from './agent-service';

export interface AgentModule extends AreaModule<ChannelsOf<'agent'> | 'tools:list'> {
  /** reading ahead for an agent run: chat:prefill with `agent` */
  prefill: AgentService['prefill'];
  /** the tools part of the system prompt a run would send: the chat area's plan counts it */
  toolsPrompt: AgentService['toolsPrompt'];
}

export function openAgent(
  deps: AgentServiceDeps & { live: LiveRuns; history: Pick<HistoryModule, 'runAgent'> },
): AgentModule {
  const agent = createAgentService(deps);
  const { live, history } = deps;
  return {
    prefill: (input, off) => agent.prefill(input, off),
    toolsPrompt: (input) => agent.toolsPrompt(input),
    handlers: {
      'agent:run': async (input) =>
        live.track(
          {
            requestId: input.requestId,
            kind: 'agent',
            record: input.record,
            conversationAllowed: input.conversationAllowed,
          },
          () => history.runAgent(agent.run, input),
        ),
      'agent:stop': async ({ requestId }) => agent.stop(requestId),
      'agent:consent': async ({ askId, answer }) => {
        const result = agent.answer(askId, answer);
        if (result.accepted) live.answered(askId, answer);
        return result;
      },
      'agent:elicit-answer': async (input) => agent.answerForm(input),
      'agent:tools-prompt': async (input) => agent.toolsPrompt(input),
      'tools:list': async () => agent.tools(),
    },
    dispose: () => agent.dispose(),
  };
}
