// web_fetch as a tool: fetch the URL behind the guard, turn the body into text,
// and tell the model where it really ended up (after redirects), what the server
// answered and how long it took. Runs in a tool worker; the allow-list comes
// with each call from the settings (tool-runner.ts), the resolver and the
// limits can be replaced by tests.
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError, type ToolErrorCode, type ToolRunStatus } from '@shared/tools/tool-types';
import type { ToolExecContext, ToolOutput } from '../tool-executor';
import { fetchUrl, type FetchedPage, type FetchLimits } from './fetch-url';
import { pageText } from './page-text';
import { resolveHost } from './resolve-host';
import type { ResolveHost } from './url-guard';

export interface WebFetchOptions {
  /** tools.webAllowHosts */
  allowHosts: readonly string[];
  /** default: the system resolver */
  resolve?: ResolveHost;
  /** default: TOOL_LIMITS' web_fetch limits */
  limits?: Partial<FetchLimits>;
  /** characters of output the model is shown (default TOOL_LIMITS.maxOutputChars) */
  maxOutputChars?: number;
  signal?: AbortSignal;
  now?: () => number;
}

const BLOCKED_HINT =
  'web_fetch reaches only public internet addresses; ' +
  'the user can let a host through on the web_fetch allow-list in the Tools panel.';

function failure(status: ToolRunStatus, code: ToolErrorCode, message: string, details?: Record<string, unknown>) {
  return { status, output: '', error: toolError(code, message, details) } satisfies ToolOutput;
}

function headerLines(url: string, page: FetchedPage): string[] {
  const lines = [`URL: ${page.finalUrl}`];
  if (page.redirects.length > 0)
    lines.push(`Redirected ${page.redirects.length} time${page.redirects.length === 1 ? '' : 's'}, from ${url}`);
  lines.push(
    `Status: ${page.status}${page.statusText ? ` ${page.statusText}` : ''}`,
    `Content type: ${page.contentType ?? '(none given)'}`,
    `Fetched in ${Math.round(page.ms)} ms, ${page.body.length} bytes`,
  );
  return lines;
}

export async function webFetch(url: string, options: WebFetchOptions): Promise<ToolOutput> {
  const limits: FetchLimits = {
    maxBytes: options.limits?.maxBytes ?? TOOL_LIMITS.webFetchMaxBytes,
    timeoutMs: options.limits?.timeoutMs ?? TOOL_LIMITS.webFetchMs,
    maxRedirects: options.limits?.maxRedirects ?? TOOL_LIMITS.webFetchMaxRedirects,
  };
  const fetched = await fetchUrl(url, {
    guard: { allowHosts: options.allowHosts, resolve: options.resolve ?? resolveHost },
    limits,
    signal: options.signal,
    now: options.now,
  });
  if (!fetched.ok) {
    const { code, message, rule } = fetched.failure;
    const details = rule ? { url, rule } : { url };
    if (code === 'timeout') return failure('timeout', 'timeout', message, details);
    if (code === 'stopped') return failure('stopped', 'stopped', message, details);
    return failure('error', code, code === 'blocked_address' ? `${message}. ${BLOCKED_HINT}` : message, details);
  }
  const { page } = fetched;
  const details = {
    url,
    finalUrl: page.finalUrl,
    redirects: page.redirects.length,
    httpStatus: page.status,
    contentType: page.contentType,
    bytes: page.body.length,
    ms: Math.round(page.ms),
    truncated: page.truncated,
  };
  const read = await pageText({ ...page, maxBytes: limits.maxBytes });
  if (!read.ok) return failure('error', 'unsupported_content', read.message, details);
  const lines = headerLines(url, page);
  if (page.truncated) lines.push(`Note: the body was cut at ${limits.maxBytes} bytes; the rest was not read`);
  if (read.note) lines.push(`Note: ${read.note}`);
  const max = options.maxOutputChars ?? TOOL_LIMITS.maxOutputChars;
  const room = Math.max(0, max - lines.join('\n').length - 100);
  const text = read.text.trim();
  if (text.length > room) lines.push(`Note: the text is cut at ${room} of its ${text.length} characters`);
  if (text === '') lines.push('Note: the page has no text');
  const output = `${lines.join('\n')}\n\n${text.slice(0, room)}`;
  return { status: 'ok', output, details: { ...details, kind: read.kind, chars: text.length } };
}

/** The executor the tool worker loads (builtin-executors.ts). */
export function webFetchTool(args: Record<string, unknown>, context: ToolExecContext): Promise<ToolOutput> {
  return webFetch(String(args.url ?? ''), { allowHosts: context.webAllowHosts ?? [], signal: context.signal });
}
