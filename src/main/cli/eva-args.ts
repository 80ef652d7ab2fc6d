// `eva`'s command line, read into a command and its options (pure: the tests
// give it argv arrays). Anything it does not know is a usage error with the
// usage, exit code 2, before anything starts.
import { OVERFLOW_POLICIES, type OverflowPolicy } from '@shared/chat/overflow-policy';

export type EvaCommand =
  | { kind: 'help' }
  | { kind: 'ask'; question: string | null }
  | { kind: 'chat' }
  | { kind: 'setup' }
  /** the agent loop on a task; `resume`: continue the last interrupted run (or the one in this conversation) */
  | { kind: 'run'; task: string | null; resume: boolean }
  | { kind: 'history'; action: 'list' }
  | { kind: 'history'; action: 'search'; query: string }
  | { kind: 'history'; action: 'show' | 'export'; id: string }
  | { kind: 'models'; action: 'status' | 'log' | 'stop' }
  | { kind: 'models'; action: 'load'; path: string }
  /** the Local API without the window until SIGINT/SIGTERM; `newKey`: make a key for this run (revoked after) */
  | { kind: 'serve-api'; port: number | null; network: boolean; newKey: boolean };

export interface EvaOptions {
  /** one JSON object per line instead of text */
  json: boolean;
  /** answer through this saved link (its name or id) instead of the local model */
  link: string | null;
  /** a model file to load first (the local endpoint) */
  model: string | null;
  system: string | null;
  maxTokens: number | null;
  dataDir: string | null;
  /** eva run: answer every approval card "no" instead of asking (only tools set to allow run) */
  yes: boolean;
  /** eva ask: a JSON schema file the answer must fit (printed as its JSON alone) */
  schema: string | null;
  /** eva chat: what a question does when the conversation no longer fits the context (absent or null: sent as is) */
  overflow?: OverflowPolicy | null;
}

export type ParsedArgs = { ok: true; command: EvaCommand; options: EvaOptions } | { ok: false; error: string };

export const USAGE = `usage: eva <command> [options]

commands:
  chat                       a streaming conversation (/help inside lists its commands)
  ask ["question"]           one answer to stdout (no question: read stdin)
  run "task"                 the agent loop in the workspace: each step on a line, approvals asked here
  run --resume [id]          continue the last interrupted run (or the one in that conversation)
  history list               saved conversations, newest first
  history search <text>      conversations that contain the text
  history show <id>          one conversation's messages
  history export <id>        one conversation as Markdown
  models status              the local model server's state
  models load <file.gguf>    load a model (the app's load settings)
  models stop                stop the local model server
  models log                 the model server's last log lines
  setup                      the first-run wizard: a model file or a link (with its key), the workspace
  serve-api                  the Local API (OpenAI-compatible) without the window, until Ctrl+C or SIGTERM;
                             prints its base URL and a key made for this run (revoked when it stops)
  help                       this text

options:
  --json                     one JSON object per line
  --link <name|id>           answer through a saved link instead of the local model
  --model <file.gguf>        load this model first
  --system <text>            the system prompt for this answer
  --max-tokens <n>           the longest answer
  --schema <file.json>       ask: the answer must fit this JSON schema; its JSON alone goes to stdout
  --overflow <policy>        chat: when the conversation no longer fits: stop, trim-oldest, rolling-window or
                             compact (the model summarises the older exchanges; /compact does it at once)
  --data-dir <dir>           another data dir (default: the app's)
  --yes                      run: ask nothing; only tools set to allow run, the rest are refused
  --port <n>                 serve-api: listen on this port (default: the Local API's kept port)
  --network                  serve-api: listen on every network address, not only this machine (keys still needed)
  --no-key                   serve-api: make no key for this run (use one made on Expend → Local API)

exit codes: 0 answered, 1 error, 2 bad usage, 130 interrupted`;

const VALUE_FLAGS = new Set([
  '--link',
  '--model',
  '--system',
  '--max-tokens',
  '--data-dir',
  '--schema',
  '--port',
  '--overflow',
]);
const SERVE_FLAGS = ['--port', '--network', '--no-key'];

export function parseEvaArgs(argv: readonly string[]): ParsedArgs {
  const options: EvaOptions = {
    json: false,
    link: null,
    model: null,
    system: null,
    maxTokens: null,
    dataDir: null,
    yes: false,
    schema: null,
  };
  let resume = false;
  const serve = { port: null as number | null, network: false, newKey: true };
  const serveFlags: string[] = [];
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '--json') options.json = true;
    else if (arg === '--yes') options.yes = true;
    else if (arg === '--resume') resume = true;
    else if (arg === '--network') serve.network = true;
    else if (arg === '--no-key') serve.newKey = false;
    else if (arg === '-h' || arg === '--help') return { ok: true, command: { kind: 'help' }, options };
    else if (VALUE_FLAGS.has(arg)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) return { ok: false, error: `${arg} needs a value` };
      if (arg === '--port') {
        if (!/^\d{4,5}$/.test(value) || Number(value) < 1024 || Number(value) > 65_535)
          return { ok: false, error: `--port must be a port from 1024 to 65535, not "${value}"` };
        serve.port = Number(value);
      } else if (arg === '--overflow') {
        const policy = OVERFLOW_POLICIES.find((known) => known === value);
        if (!policy)
          return { ok: false, error: `--overflow is one of ${OVERFLOW_POLICIES.join(', ')}, not "${value}"` };
        options.overflow = policy;
      } else if (arg === '--max-tokens') {
        if (!/^[1-9]\d{0,6}$/.test(value))
          return { ok: false, error: `--max-tokens must be a whole number from 1, not "${value}"` };
        options.maxTokens = Number(value);
      } else if (arg === '--link') options.link = value;
      else if (arg === '--model') options.model = value;
      else if (arg === '--system') options.system = value;
      else if (arg === '--schema') options.schema = value;
      else options.dataDir = value;
    } else if (arg.startsWith('-') && arg !== '-') return { ok: false, error: `unknown option ${arg}` };
    else words.push(arg);
    if (SERVE_FLAGS.includes(arg)) serveFlags.push(arg);
  }
  const [name, ...rest] = words;
  if (resume && name !== 'run') return { ok: false, error: '--resume goes with run' };
  if (options.schema !== null && name !== 'ask') return { ok: false, error: '--schema goes with ask' };
  if (options.overflow && name !== 'chat') return { ok: false, error: '--overflow goes with chat' };
  if (serveFlags[0] !== undefined && name !== 'serve-api')
    return { ok: false, error: `${serveFlags[0]} goes with serve-api` };
  if (name === 'serve-api')
    return rest.length === 0
      ? { ok: true, command: { kind: 'serve-api', ...serve }, options }
      : { ok: false, error: 'serve-api takes no arguments' };
  const command = commandOf(name, rest, resume);
  return 'error' in command ? { ok: false, error: command.error } : { ok: true, command, options };
}

function commandOf(name: string | undefined, rest: string[], resume: boolean): EvaCommand | { error: string } {
  switch (name) {
    case undefined:
    case 'help':
      return { kind: 'help' };
    case 'ask':
      return {
        kind: 'ask',
        question: rest.length > 0 && !(rest.length === 1 && rest[0] === '-') ? rest.join(' ') : null,
      };
    case 'setup':
      return rest.length === 0 ? { kind: 'setup' } : { error: 'setup takes no arguments' };
    case 'chat':
      return rest.length === 0
        ? { kind: 'chat' }
        : { error: 'chat takes no arguments (eva ask "…" answers one question)' };
    case 'run':
      if (resume)
        return rest.length <= 1
          ? { kind: 'run', task: rest[0] ?? null, resume }
          : { error: 'run --resume takes at most one conversation id' };
      return rest.length > 0
        ? { kind: 'run', task: rest.join(' '), resume }
        : { error: 'run needs a task: eva run "…"' };
    case 'history': {
      const [action, ...more] = rest;
      if (action === 'list' || action === undefined)
        return more.length === 0 ? { kind: 'history', action: 'list' } : { error: 'history list takes no arguments' };
      if (action === 'search')
        return more.length > 0
          ? { kind: 'history', action, query: more.join(' ') }
          : { error: 'history search needs the text to look for' };
      if (action === 'show' || action === 'export')
        return more.length === 1
          ? { kind: 'history', action, id: more[0]! }
          : { error: `history ${action} needs one conversation id` };
      return { error: `unknown history action "${action}"` };
    }
    case 'models': {
      const [action, ...more] = rest;
      if (action === 'load')
        return more.length === 1
          ? { kind: 'models', action, path: more[0]! }
          : { error: 'models load needs one .gguf file' };
      if (action === 'status' || action === 'log' || action === 'stop' || action === undefined)
        return more.length === 0
          ? { kind: 'models', action: action ?? 'status' }
          : { error: `models ${action} takes no arguments` };
      return { error: `unknown models action "${action}"` };
    }
    default:
      return { error: `unknown command "${name}"` };
  }
}
