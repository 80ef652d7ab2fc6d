// The Local API page's Test: EVA asks its own server as any client would, over
// HTTP with a key, so what it proves is what another program will meet: the
// models it lists, then a tiny non-streamed chat when a model is loaded.
import type { LocalApiTestResult } from '@shared/local-api/local-api-types';

export interface SelfTestInput {
  /** the server's OpenAI base, http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  key: string;
  /** the loaded model to say hello to; null: the models are listed only */
  chatModel: string | null;
  signal: AbortSignal;
  now: () => number;
  fetch?: typeof fetch;
}

/** A reply this short still shows the model answered, and costs the user's chat next to nothing. */
const REPLY_TOKENS = 8;

type Step = NonNullable<LocalApiTestResult['error']>['step'];

class StepFailure extends Error {
  constructor(
    readonly step: Step,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export async function selfTest(input: SelfTestInput): Promise<LocalApiTestResult> {
  const started = input.now();
  const doFetch = input.fetch ?? fetch;
  const headers = { Authorization: `Bearer ${input.key}`, 'Content-Type': 'application/json' };
  const ask = async (step: Step, path: string, init: RequestInit): Promise<unknown> => {
    let response: Response;
    try {
      response = await doFetch(`${input.baseUrl}${path}`, { ...init, headers, signal: input.signal });
    } catch (error) {
      throw new StepFailure(step, null, (error as Error).message);
    }
    const text = await response.text();
    if (!response.ok) throw new StepFailure(step, response.status, errorMessage(text) ?? response.statusText);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new StepFailure(step, response.status, 'the answer is not JSON');
    }
  };

  let models: string[] = [];
  try {
    models = modelIds(await ask('models', '/models', { method: 'GET' }));
    if (input.chatModel === null || !models.includes(input.chatModel))
      return { ok: true, models, durationMs: input.now() - started };
    const answer = await ask('chat', '/chat/completions', {
      method: 'POST',
      body: JSON.stringify({
        model: input.chatModel,
        messages: [{ role: 'user', content: 'Say hello.' }],
        max_tokens: REPLY_TOKENS,
        temperature: 0,
        stream: false,
      }),
    });
    return { ok: true, models, reply: replyText(answer), durationMs: input.now() - started };
  } catch (error) {
    const failed =
      error instanceof StepFailure
        ? error
        : new StepFailure(models.length > 0 ? 'chat' : 'models', null, String(error));
    return {
      ok: false,
      models,
      error: { step: failed.step, status: failed.status, message: failed.message },
      durationMs: input.now() - started,
    };
  }
}

function modelIds(body: unknown): string[] {
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) throw new StepFailure('models', 200, 'the answer has no list of models');
  return data.map((model) => (model as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
}

function replyText(body: unknown): string {
  const message = (body as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message;
  if (!message) throw new StepFailure('chat', 200, 'the answer has no message');
  return typeof message.content === 'string' ? message.content : '';
}

/** The OpenAI-style `{ error: { message } }` of a refusal, when the body is one. */
function errorMessage(text: string): string | null {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}
