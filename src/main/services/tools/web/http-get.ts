// One GET through Node's http/https, connected only to addresses the guard
// checked: the socket's lookup answers with those and nothing else, so there is
// no second DNS answer to rebind to. The body is read up to a byte cap (after
// decompression, so a small gzip bomb stops there too) and the request ends
// when the caller's signal aborts (the tool's time cap, or Stop).
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable, Transform } from 'node:stream';
import { bareHost, type ResolvedAddress } from './url-guard';

export interface GetRequest {
  url: URL;
  /** the checked addresses; the connection goes to one of them */
  addresses: readonly ResolvedAddress[];
  /** body bytes kept (decoded); reading stops past them */
  maxBytes: number;
  /** read the body; false for a redirect, whose headers are all that is used */
  readBody: (status: number, headers: IncomingHttpHeaders) => boolean;
  signal: AbortSignal;
}

export interface GetAnswer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the body went on past maxBytes and was cut there */
  truncated: boolean;
  /** the address the socket connected to */
  remoteAddress: string | null;
}

const USER_AGENT = 'EVA-Desktop web_fetch';

const ACCEPT = 'text/html,application/xhtml+xml,application/json;q=0.9,text/*;q=0.8,application/pdf;q=0.8,*/*;q=0.1';

/** A lookup that answers every question with the checked addresses (of the family asked for, if one is). */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const asked = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = addresses.filter((answer) => !asked || answer.family === asked);
    const first = usable[0];
    if (!first) {
      const error: NodeJS.ErrnoException = new Error(`no checked IPv${asked} address`);
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
    } else if (options.all)
      callback(
        null,
        usable.map((answer) => ({ ...answer })),
      );
    else callback(null, first.address, first.family);
  };
}

function decoderFor(encoding: string | undefined): Transform | null | 'unsupported' {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return null;
  if (name === 'gzip' || name === 'x-gzip') return createGunzip();
  if (name === 'deflate') return createInflate();
  if (name === 'br') return createBrotliDecompress();
  return 'unsupported';
}

function open(request: GetRequest): { response: Promise<IncomingMessage>; destroy: () => void } {
  const { url, signal } = request;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const req = send({
    protocol: url.protocol,
    hostname: bareHost(url),
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { host: url.host, 'user-agent': USER_AGENT, accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br' },
    lookup: pinnedLookup(request.addresses),
    // A socket of its own: a pooled one could have been connected for another check.
    agent: false,
    signal,
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    // Kept for the request's whole life: an abort after the answer came must not be an unhandled error.
    req.on('error', reject);
  });
  req.end();
  return { response, destroy: () => req.destroy() };
}

export async function httpGet(request: GetRequest): Promise<GetAnswer> {
  const { response, destroy } = open(request);
  const res = await response;
  const status = res.statusCode ?? 0;
  const answer = {
    status,
    statusText: res.statusMessage ?? '',
    headers: res.headers,
    remoteAddress: res.socket?.remoteAddress ?? null,
  };
  if (!request.readBody(status, res.headers)) {
    destroy();
    return { ...answer, body: Buffer.alloc(0), truncated: false };
  }
  const decoder = decoderFor(res.headers['content-encoding']);
  if (decoder === 'unsupported') {
    destroy();
    throw new Error(
      `the server sent the body in an encoding this tool cannot read (${res.headers['content-encoding']})`,
    );
  }
  if (decoder) res.on('error', (error) => decoder.destroy(error));
  const source: Readable = decoder ? res.pipe(decoder) : res;
  const chunks: Buffer[] = [];
  let kept = 0;
  let truncated = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const room = request.maxBytes - kept;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        kept += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      kept += chunk.length;
    }
  } finally {
    if (truncated) destroy();
  }
  return { ...answer, body: Buffer.concat(chunks, kept), truncated };
}
