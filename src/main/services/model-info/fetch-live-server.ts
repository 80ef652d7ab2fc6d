// The running local server's /props and /slots, for the Model info page that polls
// them while it is open. /slots is a separate question: a server started with
// --no-slots answers 501, and that is said ('disabled'), not thrown; nor does a
// failing /slots hide what /props said.
import type { LiveServer } from '@shared/model-info/model-info-types';
import { parseProps, parseSlots } from './parse-live-server';

export interface LiveServerDeps {
  /** where the local server answers now, or null when none is ready (BackendManager.localEndpoint) */
  localServer: () => { baseUrl: string; apiKey: string } | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export async function fetchLiveServer(deps: LiveServerDeps): Promise<LiveServer> {
  const server = deps.localServer();
  if (!server) return { state: 'stopped' };
  const fetchFn = deps.fetch ?? fetch;
  const get = (route: string): Promise<Response> =>
    fetchFn(`${server.baseUrl}${route}`, {
      headers: server.apiKey ? { Authorization: `Bearer ${server.apiKey}` } : {},
      signal: AbortSignal.timeout(deps.timeoutMs ?? 3000),
    });

  let parsed: ReturnType<typeof parseProps>;
  try {
    const response = await get('/props');
    if (!response.ok) return { state: 'unreachable', message: `/props answered HTTP ${response.status}` };
    parsed = parseProps(await response.json());
  } catch (error) {
    return { state: 'unreachable', message: `/props: ${errorText(error)}` };
  }
  const running = { state: 'running' as const, props: parsed.props };
  if (parsed.slotsEndpoint === false) return { ...running, slots: [], slotsState: 'disabled', slotsMessage: null };
  try {
    const response = await get('/slots');
    if (response.status === 501)
      return { ...running, slots: [], slotsState: 'disabled', slotsMessage: await serverMessage(response) };
    if (!response.ok)
      return {
        ...running,
        slots: [],
        slotsState: 'failed',
        slotsMessage: `HTTP ${response.status}: ${await serverMessage(response)}`,
      };
    return { ...running, slots: parseSlots(await response.json()), slotsState: 'ok', slotsMessage: null };
  } catch (error) {
    return { ...running, slots: [], slotsState: 'failed', slotsMessage: errorText(error) };
  }
}

/** llama-server's `{ error: { message } }`, or the body's start. */
async function serverMessage(response: Response): Promise<string> {
  // The status is reported either way; a body that breaks off only loses the server's own words.
  const body = await response.text().catch(() => '');
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the text itself says it
  }
  return body.slice(0, 200);
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.name === 'TimeoutError' ? 'no answer in time' : error.message) : String(error);
}
