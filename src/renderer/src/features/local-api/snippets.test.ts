// The copy-paste examples: each is filled with the real base URL, the key (or its placeholder) and the model, and
// values that would break out of their quotes are escaped for that language.
import { describe, expect, it } from 'vitest';
import { KEY_PLACEHOLDER, MODEL_PLACEHOLDER, snippet } from './snippets';

const values = { baseUrl: 'http://127.0.0.1:41400/v1/', apiKey: 'eva-abc-secret', model: 'tiny-llama' };

describe('the Local API snippets', () => {
  it('curl posts a chat to the base URL with the key', () => {
    expect(snippet('curl', values)).toBe(
      [
        "curl 'http://127.0.0.1:41400/v1/chat/completions' \\",
        "  -H 'Authorization: Bearer eva-abc-secret' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"model":"tiny-llama","messages":[{"role":"user","content":"Hello!"}]}'`,
      ].join('\n'),
    );
  });

  it('the Python and JS clients are made with the base URL and key, and ask the model', () => {
    const python = snippet('python', values);
    expect(python).toContain('client = OpenAI(base_url="http://127.0.0.1:41400/v1", api_key="eva-abc-secret")');
    expect(python).toContain('    model="tiny-llama",');
    const js = snippet('javascript', values);
    expect(js).toContain('new OpenAI({ baseURL: "http://127.0.0.1:41400/v1", apiKey: "eva-abc-secret" })');
    expect(js).toContain('  model: "tiny-llama",');
  });

  it('uses placeholders where there is no key to show or no model loaded', () => {
    for (const language of ['curl', 'python', 'javascript'] as const) {
      const text = snippet(language, { ...values, apiKey: null, model: null });
      expect(text).toContain(KEY_PLACEHOLDER);
      expect(text).toContain(MODEL_PLACEHOLDER);
    }
  });

  it('escapes a model name with quotes for the shell and for the clients', () => {
    const model = `it's "q4"`;
    expect(snippet('curl', { ...values, model })).toContain(`"model":"it'\\''s \\"q4\\""`);
    expect(snippet('python', { ...values, model })).toContain(`model="it's \\"q4\\"",`);
  });
});
