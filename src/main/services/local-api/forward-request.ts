// One request passed on to the server that answers it (llama-server, the pool's
// router, a link, the embedding server) and its answer passed back byte for
// byte: a stream is neither parsed into events nor encoded again, only watched
// on its way for the token figures, so the API adds next to nothing to it.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { figuresOf, streamFigures, type UsageFigures } from './usage-figures';

export interface Upstream {
  url: string;
  apiKey: string | null;
}

export interface Forwarded {
  status: number;
  figures: UsageFigures;
  /** the answer's text when bodies are kept (a stream's whole SSE text) */
  responseBody?: string;
  /** the client left before the answer ended */
  aborted: boolean;
}

// Headers that belong to one connection and must not be copied to another. (Node gives them lower-cased.) The
// upstream's own CORS headers are never copied either: llama-server allows every origin, EVA only those listed.
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);
/** the most of a non-streamed answer kept to read its usage; longer answers still pass through whole */
const JSON_FIGURES_LIMIT = 4 * 2 ** 20;

const NO_FIGURES: UsageFigures = { promptTokens: null, completionTokens: null };

/**
 * What to do with the upstream's answer: write it to `res` and call `finish` once it ended (or broke). `finish` may be
 * called more than once; the first call counts.
 */
export type AnswerHandler = (answer: IncomingMessage, finish: (result: Forwarded) => void) => void;

/**
 * Sends `body` to the upstream and hands its answer to `onAnswer`; the upstream request is cancelled when the client
 * hangs up first. Rejects only when the upstream could not be reached before anything was sent to the client.
 */
export function sendUpstream(upstream: Upstream, body: string, res: ServerResponse, onAnswer: AnswerHandler) {
  return new Promise<Forwarded>((resolve, reject) => {
    const url = new URL(upstream.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      Accept: 'application/json, text/event-stream',
    };
    if (upstream.apiKey) headers.Authorization = `Bearer ${upstream.apiKey}`;
    let settled = false;
    const finish = (result: Forwarded) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const answered = (answer: IncomingMessage) => onAnswer(answer, finish);
    let outgoing = send(url, { method: 'POST', headers }, answered);
    // The client hung up: the upstream request is cancelled so its server stops generating.
    res.on('close', () => {
      if (!res.writableFinished) {
        outgoing.destroy();
        finish({ status: 499, figures: NO_FIGURES, aborted: true });
      }
    });
    let retried = false;
    const onError = (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server had closed meanwhile: the request never reached it, so it is sent once more.
      if (outgoing.reusedSocket && error.code === 'ECONNRESET' && !res.headersSent && !retried) {
        retried = true;
        outgoing = send(url, { method: 'POST', headers }, answered);
        outgoing.on('error', onError);
        outgoing.end(body);
        return;
      }
      if (!settled && !res.headersSent) {
        settled = true;
        reject(error);
      } else finish({ status: 502, figures: NO_FIGURES, aborted: true });
    };
    outgoing.on('error', onError);
    outgoing.end(body);
  });
}

/** The request passed on and its answer passed back byte for byte. */
export function forwardRequest(
  upstream: Upstream,
  body: string,
  res: ServerResponse,
  options: { keepBody: boolean; extraHeaders?: Record<string, string> },
): Promise<Forwarded> {
  return sendUpstream(upstream, body, res, (answer, finish) => {
    const status = answer.statusCode ?? 502;
    const streamed = isStream(answer);
    const copied: Record<string, string | string[]> = { ...options.extraHeaders };
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name) && !name.startsWith('access-control-')) copied[name] = value;
    }
    res.writeHead(status, copied);
    // A stream's first bytes go out as they come: no buffering by Nagle on the client's socket.
    res.socket?.setNoDelay(true);
    const watcher = streamed ? streamFigures() : null;
    const decoder = new TextDecoder();
    const kept: string[] = [];
    let keptBytes = 0;
    answer.on('data', (chunk: Buffer) => {
      res.write(chunk);
      if (watcher || options.keepBody || keptBytes < JSON_FIGURES_LIMIT) {
        const text = decoder.decode(chunk, { stream: true });
        watcher?.feed(text);
        if (options.keepBody || (!watcher && keptBytes < JSON_FIGURES_LIMIT)) {
          kept.push(text);
          keptBytes += chunk.length;
        }
      }
    });
    answer.on('end', () => {
      res.end();
      const text = kept.join('');
      finish({
        status,
        figures: watcher ? watcher.figures() : jsonFigures(text),
        responseBody: options.keepBody ? text : undefined,
        aborted: false,
      });
    });
    answer.on('error', () => {
      res.destroy();
      finish({ status, figures: watcher?.figures() ?? NO_FIGURES, aborted: true });
    });
  });
}

export const isStream = (answer: IncomingMessage): boolean =>
  /text\/event-stream/i.test(String(answer.headers['content-type'] ?? ''));

export function jsonFigures(text: string): UsageFigures {
  try {
    return figuresOf(JSON.parse(text));
  } catch {
    return NO_FIGURES;
  }
}
