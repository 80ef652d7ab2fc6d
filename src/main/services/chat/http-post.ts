// One POST whose answer is read as it arrives, over node:http / node:https.
//
// Not fetch: undici's web streams cost the host about twice the CPU per network
// read of a plain http.IncomingMessage (≈1 ms against ≈0.4 ms a read on a busy
// 2-core machine), and a model sends one read per token. A caller's
// fetch (a test faking a server) still goes through `postWithFetch`.
import { Agent as HttpAgent, request as httpRequest, type ClientRequestArgs, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { coalescedBody } from './coalesced-body';

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  /** sent as is (the caller serialised it) */
  body: string;
  /** aborts the request, and the body's reading once the answer has begun */
  signal: AbortSignal;
}

/**
 * An answer whose head has arrived; its body is read with `for await` (each step: all that has arrived), and leaving
 * that loop early closes the connection.
 */
export interface PostReply {
  status: number;
  statusText: string;
  contentType: string | null;
  body: AsyncIterable<Uint8Array>;
}

export type Post = (request: PostRequest) => Promise<PostReply>;

/**
 * What the socket and the response buffer take in while nobody reads them, before the
 * socket stops reading the connection: the bytes wait in the kernel until the reader
 * comes back and then arrive in one read (coalesced-body.ts). Node's default (16 KiB,
 * about 60 tokens) kept the host waking once a token.
 */
const READ_AHEAD_BYTES = 1;

// Agents of their own, so that no other request inherits the small read-ahead (the
// option reaches the socket through createConnection, and the response takes the
// socket's). A local connection costs nothing to open, so http opens one per answer
// (and a llama-server restarted on the same port never meets a connection of the old);
// https keeps its connections a while, as fetch did (a TLS handshake to a remote API
// costs a round trip or two), closing them before a server's usual 5 s so that a
// request never goes out on a connection the server is closing.
class StreamHttpAgent extends HttpAgent {
  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | null | undefined {
    return super.createConnection(
      { ...options, readableHighWaterMark: READ_AHEAD_BYTES } as ClientRequestArgs,
      callback,
    );
  }
}

class StreamHttpsAgent extends HttpsAgent {
  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | null | undefined {
    // tls.connect takes one highWaterMark for both directions; a request body is written once.
    return super.createConnection({ ...options, highWaterMark: READ_AHEAD_BYTES } as ClientRequestArgs, callback);
  }
}

let agents: { http: HttpAgent; https: HttpsAgent } | null = null;
function agentFor(protocol: string): HttpAgent {
  agents ??= {
    http: new StreamHttpAgent({ keepAlive: false }),
    https: new StreamHttpsAgent({ keepAlive: true, timeout: 4000 }),
  };
  return protocol === 'https:' ? agents.https : agents.http;
}

/** 307 and 308 keep the method and the body (RFC 9110); fetch followed them too. */
const REPEAT_POST_STATUSES = new Set([307, 308]);
const MAX_REDIRECTS = 5;

export async function postWithHttp(request: PostRequest): Promise<PostReply> {
  let url = new URL(request.url);
  let headers = request.headers;
  for (let hop = 0; ; hop++) {
    const response = await send(url, headers, request);
    const location = response.headers.location;
    if (!REPEAT_POST_STATUSES.has(response.statusCode ?? 0) || !location || hop === MAX_REDIRECTS)
      return replyOf(response);
    response.destroy();
    const next = new URL(location, url);
    // As fetch does: the key is for the origin it was given to, not wherever that points.
    if (next.origin !== url.origin) headers = withoutAuthorization(headers);
    url = next;
  }
}

function send(url: URL, headers: Record<string, string>, request: PostRequest): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  const body = Buffer.from(request.body);
  const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = requestFn(
      url,
      // A User-Agent as fetch sent one: some API gateways refuse requests without.
      {
        method: 'POST',
        headers: { 'User-Agent': 'eva-desktop', ...headers, 'Content-Length': String(body.length) },
        signal: request.signal,
        agent: agentFor(url.protocol),
      },
      resolve,
    );
    outgoing.on('error', reject);
    // Tokens go out as the server writes them; Nagle would hold our small request for nothing.
    outgoing.setNoDelay(true);
    outgoing.end(body);
  });
}

function replyOf(response: IncomingMessage): PostReply {
  const contentType = response.headers['content-type'];
  return {
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? '',
    contentType: contentType ?? null,
    body: coalescedBody(response),
  };
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

/** The same request through a fetch (tests hand one in to fake a server). */
export function postWithFetch(fetchFn: typeof globalThis.fetch): Post {
  return async (request) => {
    const response = await fetchFn(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: request.signal,
    });
    return {
      status: response.status,
      statusText: response.statusText,
      contentType: response.headers.get('content-type'),
      body: bytesOf(response),
    };
  };
}

async function* bytesOf(response: Response): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Leaving early (an error event, the caller's break) must close the connection, not drain it.
    reader.cancel().catch(() => undefined);
  }
}
