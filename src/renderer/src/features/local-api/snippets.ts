// The copy-paste examples of the Local API page: curl, the OpenAI Python client
// and the OpenAI JS client, each asking one chat of the real server. Values go in
// through JSON.stringify, which writes a string both Python and JavaScript read
// as written; the shell's single quotes get their own escape. Pure.

/** Stands for the key where the page has none to show (a key's secret is shown once only). */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';
/** Stands for the model while none is loaded. */
export const MODEL_PLACEHOLDER = 'MODEL_NAME';

export type SnippetLanguage = 'curl' | 'python' | 'javascript';
export const SNIPPET_LANGUAGES: readonly SnippetLanguage[] = ['curl', 'python', 'javascript'];

export interface SnippetValues {
  /** the OpenAI base URL, http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  /** the key's secret; null: the placeholder */
  apiKey: string | null;
  /** the model to ask; null: the placeholder */
  model: string | null;
}

const PROMPT = 'Hello!';

/** `text` inside a shell's single quotes. */
const shellQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function snippet(language: SnippetLanguage, values: SnippetValues): string {
  const key = values.apiKey ?? KEY_PLACEHOLDER;
  const model = values.model ?? MODEL_PLACEHOLDER;
  const base = values.baseUrl.replace(/\/+$/, '');
  if (language === 'curl') {
    const body = JSON.stringify({ model, messages: [{ role: 'user', content: PROMPT }] });
    return [
      `curl ${shellQuoted(`${base}/chat/completions`)} \\`,
      `  -H ${shellQuoted(`Authorization: Bearer ${key}`)} \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d ${shellQuoted(body)}`,
    ].join('\n');
  }
  if (language === 'python')
    return [
      'from openai import OpenAI',
      '',
      `client = OpenAI(base_url=${JSON.stringify(base)}, api_key=${JSON.stringify(key)})`,
      'reply = client.chat.completions.create(',
      `    model=${JSON.stringify(model)},`,
      `    messages=[{"role": "user", "content": ${JSON.stringify(PROMPT)}}],`,
      ')',
      'print(reply.choices[0].message.content)',
    ].join('\n');
  return [
    "import OpenAI from 'openai';",
    '',
    `const client = new OpenAI({ baseURL: ${JSON.stringify(base)}, apiKey: ${JSON.stringify(key)} });`,
    'const reply = await client.chat.completions.create({',
    `  model: ${JSON.stringify(model)},`,
    `  messages: [{ role: 'user', content: ${JSON.stringify(PROMPT)} }],`,
    '});',
    'console.log(reply.choices[0].message.content);',
  ].join('\n');
}
