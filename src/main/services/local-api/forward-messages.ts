// A /v1/messages request once it is a chat request: sent to the server that
// answers the route, and its answer written back in Anthropic's shape, a
// stream event by event as its chunks come, an error as Anthropic's error.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createParser } from 'eventsource-parser';
import { anthropicError, errorMessageOf, toAnthropicMessage } from './anthropic-messages';
import { messagesStream } from './anthropic-stream';
import { isStream, jsonFigures, sendUpstream, type Forwarded, type Upstream } from './forward-request';

/** An id in the shape Anthropic's clients know (`msg_…`). */
export const messageId = (): string => `msg_${randomBytes(12).toString('base64url')}`;

export function forwardMessages(
  upstream: Upstream,
  chatBody: Record<string, unknown>,
  res: ServerResponse,
  options: { keepBody: boolean; extraHeaders: Record<string, string>; model: string },
): Promise<Forwarded> {
  const id = messageId();
  return sendUpstream(upstream, JSON.stringify(chatBody), res, (answer, finish) => {
    const status = answer.statusCode ?? 502;
    const decoder = new TextDecoder();
    const kept: string[] = [];
    const sendWhole = (code: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(code, { ...options.extraHeaders, 'Content-Type': 'application/json' }).end(text);
      return text;
    };
    if (status !== 200 || !isStream(answer)) {
      answer.on('data', (chunk: Buffer) => kept.push(decoder.decode(chunk, { stream: true })));
      answer.on('end', () => {
        const text = kept.join('');
        let sent: string;
        let code = status;
        if (status !== 200) sent = sendWhole(status, anthropicError(status, errorMessageOf(text)));
        else {
          try {
            sent = sendWhole(200, toAnthropicMessage(JSON.parse(text), id, options.model));
          } catch (error) {
            code = 502;
            sent = sendWhole(code, anthropicError(code, `the model server's answer: ${(error as Error).message}`));
          }
        }
        finish({
          status: code,
          figures: jsonFigures(text),
          responseBody: options.keepBody ? sent : undefined,
          aborted: false,
        });
      });
      answer.on('error', () => {
        res.destroy();
        finish({ status, figures: jsonFigures(''), aborted: true });
      });
      return;
    }
    const stream = messagesStream(id, options.model);
    res.writeHead(200, {
      ...options.extraHeaders,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
    });
    // Each event goes out as it is made: no buffering by Nagle on the client's socket.
    res.socket?.setNoDelay(true);
    const write = (text: string) => {
      if (text === '') return;
      res.write(text);
      if (options.keepBody) kept.push(text);
    };
    write(stream.start());
    const parser = createParser({
      onEvent: (event) => {
        if (event.data === '[DONE]') return write(stream.end());
        let chunk: unknown;
        try {
          chunk = JSON.parse(event.data);
        } catch {
          return write(stream.error(`the model server sent an event that is not JSON: ${event.data.slice(0, 200)}`));
        }
        write(stream.chunk(chunk));
      },
    });
    answer.on('data', (chunk: Buffer) => parser.feed(decoder.decode(chunk, { stream: true })));
    const done = (aborted: boolean) => {
      // A server that ends without [DONE] still ends the Message (or says it broke off).
      write(stream.end());
      res.end();
      finish({
        status: 200,
        figures: stream.figures(),
        responseBody: options.keepBody ? kept.join('') : undefined,
        aborted,
      });
    };
    answer.on('end', () => done(false));
    answer.on('error', () => done(true));
  });
}
