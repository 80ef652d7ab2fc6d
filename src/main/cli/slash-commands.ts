// The slash commands of `eva chat`, read from one line (pure).

export type Slash =
  | { kind: 'quit' | 'help' | 'new' | 'history' | 'export' | 'continue' | 'compact' }
  | { kind: 'system'; text: string | null }
  | { kind: 'set'; field: 'temperature' | 'max_tokens' | 'top_p'; value: number }
  | { kind: 'link'; name: string }
  | { kind: 'model'; path: string }
  | { kind: 'open'; id: string }
  | { kind: 'unknown'; word: string };

export const SLASH_HELP = `/new                 start a new conversation
/continue            go on with the last answer where it stopped (Ctrl+C, an error, its token limit)
/compact             have the model summarise the older exchanges; the summary is sent in their place
/open <id>           go on with a saved conversation (ids: /history)
/history             the ten newest conversations
/export              this conversation as Markdown
/system [text]       show or set the system prompt
/temp <n>            temperature; /max-tokens <n>; /top-p <n>
/link <name>         answer through a saved link; /model <file.gguf> loads a local model
/quit                leave (also Ctrl+D, or Ctrl+C twice)`;

const NUMBERS: Record<
  string,
  { field: 'temperature' | 'max_tokens' | 'top_p'; min: number; max: number; whole: boolean }
> = {
  '/temp': { field: 'temperature', min: 0, max: 5, whole: false },
  '/max-tokens': { field: 'max_tokens', min: 1, max: 1_000_000, whole: true },
  '/top-p': { field: 'top_p', min: 0, max: 1, whole: false },
};

export function parseSlash(line: string): Slash {
  const [word = '', ...rest] = line.trim().split(/\s+/);
  const arg = line.trim().slice(word.length).trim();
  switch (word) {
    case '/quit':
    case '/exit':
      return { kind: 'quit' };
    case '/help':
      return { kind: 'help' };
    case '/new':
      return { kind: 'new' };
    case '/continue':
      return { kind: 'continue' };
    case '/compact':
      return { kind: 'compact' };
    case '/history':
      return { kind: 'history' };
    case '/export':
      return { kind: 'export' };
    case '/system':
      return { kind: 'system', text: arg === '' ? null : arg };
    case '/link':
      return arg ? { kind: 'link', name: arg } : { kind: 'unknown', word: '/link without a name' };
    case '/model':
      return arg ? { kind: 'model', path: arg } : { kind: 'unknown', word: '/model without a file' };
    case '/open':
      return rest.length === 1 ? { kind: 'open', id: rest[0]! } : { kind: 'unknown', word: '/open without one id' };
  }
  const number = NUMBERS[word];
  if (number) {
    const value = Number(arg);
    const valid =
      arg !== '' &&
      Number.isFinite(value) &&
      value >= number.min &&
      value <= number.max &&
      (!number.whole || Number.isInteger(value));
    return valid
      ? { kind: 'set', field: number.field, value }
      : { kind: 'unknown', word: `${word} ${arg || '(no value)'}: a number from ${number.min} to ${number.max}` };
  }
  return { kind: 'unknown', word };
}
