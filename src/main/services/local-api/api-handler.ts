// One HTTP request to the Local API, from the client's key to the answer: CORS,
// the key, the route of its model, a turn in the queue, then the bytes passed
// through to the server that answers and a line in the request log. Anthropic's
// /v1/messages takes the same way, as a chat request translated both ways.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { endpointUrls } from '@shared/chat/endpoint-url';
import type { LocalApiKeyInfo, LocalApiLogEntry, LocalApiSettings } from '@shared/local-api/local-api-types';
import { anthropicError, toChatRequest } from './anthropic-messages';
import { checkKey, keyAllows, presentedKey, type HeldKey } from './api-keys';
import { corsHeaders } from './cors';
import { forwardMessages } from './forward-messages';
import { forwardRequest, type Upstream } from './forward-request';
import { apiError, type ApiError } from './openai-error';
import type { RequestQueue } from './request-queue';
import { listModels, routeModel, type ModelCatalog, type ModelRoute } from './route-model';

/** A server that answers: its base URL (an origin or an OpenAI base with /v1), key and model name there. */
export interface ResolvedServer {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

export interface ApiHandlerDeps {
  settings: () => LocalApiSettings;
  keys: () => ReadonlyMap<string, HeldKey>;
  catalog: () => ModelCatalog;
  /** the server for a route (a pool model is loaded first, so this may take a while) */
  resolve: (route: ModelRoute) => Promise<ResolvedServer>;
  /** the knowledge base's embedder, started when needed */
  embedder: () => Promise<ResolvedServer>;
  queue: RequestQueue;
  record: (entry: Omit<LocalApiLogEntry, 'id'>) => void;
  now: () => number;
}

type Kind = 'chat' | 'completions' | 'embeddings' | 'messages';
const POST_PATHS: Record<string, Kind> = {
  '/v1/chat/completions': 'chat',
  '/v1/completions': 'completions',
  '/v1/embeddings': 'embeddings',
  '/v1/messages': 'messages',
};
/** images as data URLs make chat bodies large; anything beyond this is refused rather than held in memory */
const BODY_LIMIT = 64 * 2 ** 20;
const RETRY_AFTER_SECONDS = 2;

class Refusal extends Error {
  constructor(readonly apiError: ApiError) {
    super(apiError.body.error.message);
  }
}

export function createApiHandler(deps: ApiHandlerDeps) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = deps.now();
    const path = (req.url ?? '/').replace(/\?.*$/, '').replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const settings = deps.settings();
    const cors = corsHeaders(req.headers.origin, settings.corsOrigins) ?? {};
    const entry: Omit<LocalApiLogEntry, 'id'> = {
      startedAt,
      keyName: null,
      method,
      path,
      model: null,
      status: 0,
      durationMs: 0,
      promptTokens: null,
      completionTokens: null,
    };
    const done = (status: number) => {
      entry.status = status;
      entry.durationMs = deps.now() - startedAt;
      deps.record(entry);
    };
    const kind = method === 'POST' ? POST_PATHS[path] : undefined;
    try {
      if (method === 'OPTIONS') {
        const allowed = Object.keys(cors).length > 0;
        const asked = req.headers['access-control-request-headers'];
        // SDKs send headers of their own (openai's x-stainless-*, Anthropic's anthropic-version): a listed origin
        // may send whichever it asks for, the key still decides.
        const headers =
          allowed && typeof asked === 'string' ? { ...cors, 'Access-Control-Allow-Headers': asked } : cors;
        res.writeHead(allowed ? 204 : 403, headers).end();
        return;
      }
      if (!(method === 'GET' && path === '/v1/models') && !kind)
        throw new Refusal(apiError('not_found', `no such endpoint: ${method} ${path}`));
      const checked = checkKey(presentedKey(req.headers), deps.keys());
      if (!checked.ok) throw new Refusal(apiError(checked.code, checked.message));
      const key = checked.key;
      entry.keyName = key.name;
      if (!kind) {
        const data = listModels(deps.catalog(), (model) => keyAllows(key, model));
        sendJson(res, 200, { object: 'list', data }, cors);
        done(200);
        return;
      }
      const raw = await readBody(req);
      if (settings.keepBodies) entry.requestBody = raw;
      const body = kind === 'messages' ? messagesAsChat(parseBody(raw)) : parseBody(raw);
      const requested = typeof body.model === 'string' ? body.model : null;
      entry.model = requested;
      const pass: Passing = { key, res, cors, keepBody: settings.keepBodies, entry };
      const forwarded = await (kind === 'embeddings'
        ? passEmbeddings(deps, body, pass)
        : passAnswer(deps, kind, body, requested, pass));
      entry.promptTokens = forwarded.figures.promptTokens;
      entry.completionTokens = forwarded.figures.completionTokens;
      if (forwarded.responseBody !== undefined) entry.responseBody = forwarded.responseBody;
      done(forwarded.status);
    } catch (error) {
      const refusal =
        error instanceof Refusal
          ? error.apiError
          : apiError('upstream_unreachable', `the model's server could not be reached: ${(error as Error).message}`);
      // Anthropic's clients read their own error shape; the rest read OpenAI's.
      const body = kind === 'messages' ? anthropicError(refusal.status, refusal.body.error.message) : refusal.body;
      if (!res.headersSent) sendJson(res, refusal.status, body, { ...cors, ...refusal.headers });
      else res.destroy();
      if (settings.keepBodies) entry.responseBody = JSON.stringify(body);
      done(refusal.status);
    }
  };
}

/** What passing one request on needs besides its body. */
interface Passing {
  key: LocalApiKeyInfo;
  res: ServerResponse;
  cors: Record<string, string>;
  keepBody: boolean;
  entry: { model: string | null };
}

async function passAnswer(
  deps: ApiHandlerDeps,
  kind: 'chat' | 'completions' | 'messages',
  body: Record<string, unknown>,
  requested: string | null,
  { key, res, cors, keepBody, entry }: Passing,
) {
  const catalog = deps.catalog();
  const route = routeModel(catalog, requested);
  if (!route) {
    const none = !catalog.loaded && catalog.pool.length === 0 && catalog.links.length === 0;
    throw new Refusal(
      none
        ? apiError('no_model_loaded', 'no model is loaded in EVA: load one, start the pool, or share a link')
        : apiError('model_not_found', `the model "${requested}" does not exist here (GET /v1/models lists them)`, {
            param: 'model',
          }),
    );
  }
  entry.model = route.model;
  if (!keyAllows(key, route.model))
    throw new Refusal(apiError('model_not_allowed', `the key "${key.name}" may not use "${route.model}"`));
  const left = new AbortController();
  const onClose = () => left.abort();
  res.on('close', onClose);
  const turn = deps.queue.acquire(left.signal);
  if (!turn) {
    res.off('close', onClose);
    throw new Refusal(
      apiError('queue_full', 'too many requests are waiting for the model: retry later', {
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      }),
    );
  }
  const release = await turn;
  res.off('close', onClose);
  if (!release) return { status: 499, figures: { promptTokens: null, completionTokens: null }, aborted: true };
  try {
    const server = await deps.resolve(route);
    const urls = endpointUrls(server.baseUrl);
    const upstream: Upstream = { url: kind === 'completions' ? urls.completions : urls.chat, apiKey: server.apiKey };
    const options = { keepBody, extraHeaders: cors };
    if (kind === 'messages')
      return await forwardMessages(upstream, { ...body, model: server.model }, res, { ...options, model: route.model });
    return await forwardRequest(upstream, JSON.stringify({ ...body, model: server.model }), res, options);
  } finally {
    release();
  }
}

async function passEmbeddings(
  deps: ApiHandlerDeps,
  body: Record<string, unknown>,
  { key, res, cors, keepBody }: Passing,
) {
  const server = await deps.embedder();
  if (!keyAllows(key, server.model) && !(typeof body.model === 'string' && keyAllows(key, body.model)))
    throw new Refusal(apiError('model_not_allowed', `the key "${key.name}" may not use "${server.model}"`));
  const url = endpointUrls(server.baseUrl).completions.replace(/\/completions$/, '/embeddings');
  return forwardRequest({ url, apiKey: server.apiKey }, JSON.stringify({ ...body, model: server.model }), res, {
    keepBody,
    extraHeaders: cors,
  });
}

function messagesAsChat(body: Record<string, unknown>): Record<string, unknown> {
  try {
    return toChatRequest(body);
  } catch (error) {
    throw new Refusal(apiError('invalid_request', `not a Messages request: ${(error as Error).message}`));
  }
}

function parseBody(raw: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Refusal(apiError('invalid_request', 'the request body is not JSON'));
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Refusal(apiError('invalid_request', 'the request body must be a JSON object'));
  return parsed as Record<string, unknown>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new Refusal(apiError('invalid_request', `the request body is larger than ${BODY_LIMIT} bytes`)));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
