// Requests an MCP server sends EVA (`elicitation/create`, `sampling/createMessage`)
// go to the run whose tool call is waiting on that server: JSON-RPC does not
// say which call a request belongs to, so it is the call in flight (the latest
// one when several are). While the user answers, that call's timeout is held.
// Whatever EVA cannot do is refused with an error that says exactly what, so
// neither the server nor the user is left with "method not found".
import {
  ErrorCode,
  McpError,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { readElicitSchema } from '@shared/mcp/elicit-form';
import type { SamplingRequest, ServerAsks } from '@shared/mcp/mcp-server-asks';

/** The error code the protocol gives a sampling request the user turned down. */
export const USER_REJECTED = -1;

interface LiveCall {
  tool: string;
  asks?: ServerAsks;
  signal?: AbortSignal;
  /** told when the user starts and stops answering, so the call's timeout waits meanwhile */
  hold: (held: boolean) => void;
}

export class ServerRequestRouter {
  private readonly calls: LiveCall[] = [];

  constructor(private readonly server: string) {}

  /** A tool call starts on this server; the returned function ends it. */
  begin(call: LiveCall): () => void {
    this.calls.push(call);
    return () => {
      const at = this.calls.indexOf(call);
      if (at !== -1) this.calls.splice(at, 1);
    };
  }

  async elicit(params: ElicitRequest['params']): Promise<ElicitResult> {
    if (params.mode === 'url')
      throw new McpError(
        ErrorCode.InvalidParams,
        'EVA answers form questions only; URL-mode elicitation is not supported',
      );
    const call = this.current('a question for the user (elicitation/create)');
    const schema = readElicitSchema(params.requestedSchema);
    if (!schema.ok) throw new McpError(ErrorCode.InvalidParams, `EVA cannot show this form: ${schema.why}`);
    const answer = await this.held(call, () =>
      call.asks!.elicit(
        { server: this.server, tool: call.tool, message: params.message, fields: schema.fields },
        call.signal,
      ),
    );
    return answer.action === 'accept' ? { action: 'accept', content: answer.content } : { action: answer.action };
  }

  async sample(params: CreateMessageRequest['params']): Promise<CreateMessageResult> {
    const call = this.current("an answer from the user's model (sampling/createMessage)");
    if (params.tools?.length)
      throw new McpError(
        ErrorCode.InvalidParams,
        'EVA does not offer tools to a sampling request; ask without "tools"',
      );
    const request: SamplingRequest = {
      server: this.server,
      tool: call.tool,
      messages: params.messages.map((message, i) => ({ role: message.role, text: textOf(message.content, i) })),
      maxTokens: params.maxTokens,
      ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
      ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
      ...(params.stopSequences?.length ? { stopSequences: params.stopSequences } : {}),
    };
    const reply = await this.held(call, () => call.asks!.sample(request, call.signal));
    if (!reply.ok) throw new McpError(reply.refused ? USER_REJECTED : ErrorCode.InternalError, reply.message);
    return {
      role: 'assistant',
      content: { type: 'text', text: reply.text },
      model: reply.model,
      stopReason: reply.stopReason,
    };
  }

  private current(what: string): LiveCall & { asks: ServerAsks } {
    const call = this.calls.at(-1);
    if (!call)
      throw new McpError(
        ErrorCode.InvalidRequest,
        `EVA takes ${what} only while one of this server's tools runs in an agent run; no call of "${this.server}" is running`,
      );
    if (!call.asks)
      throw new McpError(
        ErrorCode.InvalidRequest,
        `EVA cannot pass on ${what} here: the call of "${call.tool}" was not made from a conversation that can show it`,
      );
    return call as LiveCall & { asks: ServerAsks };
  }

  private async held<T>(call: LiveCall, work: () => Promise<T>): Promise<T> {
    call.hold(true);
    try {
      return await work();
    } finally {
      call.hold(false);
    }
  }
}

/** A sampling message's text; EVA hands its model text only, and says so for anything else. */
function textOf(content: unknown, index: number): string {
  const blocks = Array.isArray(content) ? content : [content];
  const parts: string[] = [];
  for (const block of blocks as Array<{ type?: string; text?: string }>) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else
      throw new McpError(
        ErrorCode.InvalidParams,
        `EVA passes only text to the model; message ${index + 1} holds ${block.type ?? 'unknown'} content`,
      );
  }
  return parts.join('\n');
}
