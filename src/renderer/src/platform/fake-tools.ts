// The agent and tool channels of the in-memory platform: enough for the app to
// run and type-check. The agent loop itself is not simulated; a run answers
// with a clear error so a view built on it shows one.
import type { AppSettings, InvokeChannel, InvokeInput, InvokeOutput } from '../../../shared/contract';
import type { Result } from './types';

type Handler<C extends InvokeChannel> = (input: InvokeInput<C>) => Result<InvokeOutput<C>> | Promise<Result<InvokeOutput<C>>>;
type ToolChannel = 'agent:run' | 'agent:stop' | 'agent:consent' | 'tools:list';

export function createFakeTools(state: { settings: AppSettings }): { [C in ToolChannel]: Handler<C> } {
  return {
    'agent:run': () => ({ ok: false, error: { code: 'internal', message: 'the agent loop is not simulated by the in-memory platform' } }),
    'agent:stop': () => ({ ok: true, value: { stopped: false } }),
    'agent:consent': () => ({ ok: true, value: { accepted: false } }),
    'tools:list': () => ({ ok: true, value: { tools: [], settings: state.settings.tools, workspaceDir: '/home/user/.eva/workspace' } }),
  };
}
