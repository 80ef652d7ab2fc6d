// The token figures of an answer, read from what passed through: the `usage`
// of an OpenAI-style body or final stream chunk, else llama-server's `timings`.
import { createParser } from 'eventsource-parser';

export interface UsageFigures {
  promptTokens: number | null;
  completionTokens: number | null;
}

const NONE: UsageFigures = { promptTokens: null, completionTokens: null };
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The figures of one JSON answer (or stream chunk); NONE when it has neither usage nor timings. */
export function figuresOf(body: unknown): UsageFigures {
  if (!body || typeof body !== 'object') return NONE;
  const { usage, timings } = body as { usage?: Record<string, unknown>; timings?: Record<string, unknown> };
  if (usage && typeof usage === 'object') {
    const prompt = count(usage.prompt_tokens) ?? count(usage.input_tokens);
    const completion = count(usage.completion_tokens) ?? count(usage.output_tokens);
    if (prompt !== null || completion !== null) return { promptTokens: prompt, completionTokens: completion };
  }
  if (timings && typeof timings === 'object') {
    const prompt = count(timings.prompt_n);
    const completion = count(timings.predicted_n);
    if (prompt !== null || completion !== null) return { promptTokens: prompt, completionTokens: completion };
  }
  return NONE;
}

/** Watches a streamed answer's events as its bytes pass and keeps the last figures seen. */
export function streamFigures(): { feed(text: string): void; figures(): UsageFigures } {
  let last = NONE;
  const parser = createParser({
    onEvent: (event) => {
      if (event.data === '[DONE]' || (!event.data.includes('"usage"') && !event.data.includes('"timings"'))) return;
      try {
        const found = figuresOf(JSON.parse(event.data));
        if (found !== NONE) last = found;
      } catch {
        // a chunk that is not JSON carries no figures; the bytes went through to the client as they were
      }
    },
  });
  return { feed: (text) => parser.feed(text), figures: () => last };
}
