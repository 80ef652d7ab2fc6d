// Test support: an HTTP proxy in front of llama-server that makes the
// random-weight test model give exactly the reply a test scripts. Everything
// else is passed through untouched, and the real server does all the parsing.
//
// A text reply is forced with a GBNF `grammar`. A native tool call cannot be:
// llama-server refuses a custom grammar beside `tools` ("Cannot use custom
// grammar constraints with tools", tools/server/server-common.cpp). So the call's
// text goes in as a trailing assistant message, which llama-server continues
// (prefill_assistant) and parses, prefill included, with the tool-call parser it
// derived from the chat template (common/chat-auto-parser-generator.cpp); the
// end-of-sequence token is biased so nothing is generated after it. For the
// tiny model's Hermes/Qwen-style template that text is
//   <tool_call>\n{"name": "calculator", "arguments": {"expression": "2+3"}}\n</tool_call>
// and the server streams it back as `tool_calls` deltas with an id of its own.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GBNF grammar whose only sentence is `text`. */
export function literalGrammar(text: string): string {
  return `root ::= ${JSON.stringify(text)}`;
}

/** One forced reply: the exact text, or a native tool call. */
export type ScriptedReply = string | { toolCall: { name: string; arguments: Record<string, unknown> } };

export interface GrammarProxyOptions {
  /**
   * A stand-in for an endpoint that cannot take tool results: any request with a
   * `role: "tool"` message gets HTTP 400 instead of reaching llama-server.
   */
  rejectToolMessages?: boolean;
}

export interface GrammarProxy {
  baseUrl: string;
  /** chat bodies as the client sent them, before the proxy changed anything */
  received: Record<string, unknown>[];
  /** chat bodies as forwarded, after the grammar or prefill was added */
  requests: Record<string, unknown>[];
  /** raw response bodies of the chat requests (the SSE text), by request */
  responses: string[];
  close(): Promise<void>;
}

/** `script[i]` is the reply forced for the i-th chat request; later requests reuse the last one. */
export async function startGrammarProxy(
  targetPort: number,
  script: readonly ScriptedReply[],
  options: GrammarProxyOptions = {},
): Promise<GrammarProxy> {
  const received: Record<string, unknown>[] = [];
  const requests: Record<string, unknown>[] = [];
  const responses: string[] = [];
  let eosToken: number | null = null;

  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (raw) => {
      let body = raw;
      let index = -1;
      if (req.method === 'POST' && req.url?.endsWith('/chat/completions')) {
        const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        received.push(structuredClone(json));
        if (options.rejectToolMessages && (json.messages as { role: string }[]).some((m) => m.role === 'tool')) {
          requests.push(json);
          responses.push('');
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: {
                code: 400,
                message: 'stand-in for an endpoint without tool messages: messages with role "tool" are not supported',
                type: 'invalid_request_error',
              },
            }),
          );
          return;
        }
        const reply = script[Math.min(requests.length, script.length - 1)] ?? '';
        if (typeof reply === 'string') {
          json.grammar = literalGrammar(reply);
          // A grammar is only allowed beside tools when the model may not call one.
          if (json.tools) json.tool_choice = 'none';
        } else {
          eosToken ??= await endOfSequenceToken(targetPort);
          const text = `<tool_call>\n${JSON.stringify({ name: reply.toolCall.name, arguments: reply.toolCall.arguments })}\n</tool_call>`;
          json.messages = [...(json.messages as unknown[]), { role: 'assistant', content: text }];
          json.logit_bias = [[eosToken, 100]];
        }
        index = requests.length;
        requests.push(json);
        responses.push('');
        body = Buffer.from(JSON.stringify(json));
      }
      const upstream = request(
        // A fresh connection per request (agent: false): a pooled keep-alive socket that llama-server
        // closes as it idles can be picked for the next request at that very moment, which fails it.
        {
          host: '127.0.0.1',
          port: targetPort,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, 'content-length': String(body.length) },
          agent: false,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          if (index >= 0) answer.on('data', (chunk: Buffer) => (responses[index] += chunk.toString('utf8')));
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    requests,
    responses,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The model's end-of-sequence token id, from /props and /tokenize. */
async function endOfSequenceToken(port: number): Promise<number> {
  const props = (await (await fetch(`http://127.0.0.1:${port}/props`)).json()) as { eos_token?: string };
  if (!props.eos_token) throw new Error('llama-server /props has no eos_token');
  const tokenized = (await (
    await fetch(`http://127.0.0.1:${port}/tokenize`, {
      method: 'POST',
      body: JSON.stringify({ content: props.eos_token, parse_special: true }),
    })
  ).json()) as { tokens?: number[] };
  const id = tokenized.tokens?.[0];
  if (typeof id !== 'number') throw new Error(`llama-server could not tokenize the eos token ${props.eos_token}`);
  return id;
}
