// The browser host's wire protocol: the contract's invoke/event traffic carried as
// JSON text frames over one WebSocket. Both ends parse what they receive with these
// schemas; channel names and inputs are checked against the contract by the host.
import { z } from 'zod';
import { EVENT_NAMES, type EventName, type EventPayloads, type InvokeChannel, type InvokeInput } from './contract';
import { ERROR_CODES, type AppError, type ErrorCode, type Result } from './errors';

/** Path of the WebSocket endpoint on the browser host. */
export const WS_PATH = '/ws';
/** Query parameter carrying the session token, on the page URL and on the WebSocket URL. */
export const WS_TOKEN_PARAM = 'token';
/**
 * `GET /session?token=…`: 204 when the token opens the WebSocket, 403 when it does not.
 * A browser cannot see why a WebSocket upgrade failed; the page asks here, so an old
 * or incomplete address says so instead of reconnecting for ever.
 */
export const SESSION_PATH = '/session';

/** An AppError as it travels; an unknown code from a newer peer is kept, as 'internal'. */
export const AppErrorSchema = z.object({
  code: z
    .string()
    .transform((code): ErrorCode =>
      (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : 'internal',
    ),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<AppError>;

/** A contract Result whose value is not inspected here (the contract's output types are interfaces, not schemas). */
export const ResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorSchema }),
]);

const RequestIdSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** client → host: call one contract channel. The host answers with a `result` frame carrying the same id. */
export const InvokeFrameSchema = z.object({
  type: z.literal('invoke'),
  id: RequestIdSchema,
  // Any string: an unknown channel is answered with `unknown_channel`, not dropped.
  channel: z.string().min(1).max(128),
  input: z.unknown().optional(),
});
export type InvokeFrame = z.infer<typeof InvokeFrameSchema>;

/** host → client: the answer to one invoke. */
export const ResultFrameSchema = z.object({
  type: z.literal('result'),
  id: RequestIdSchema,
  result: ResultSchema,
});
export type ResultFrame = { type: 'result'; id: number; result: Result<unknown> };

/** host → client: a contract event, broadcast to every connection. */
export const EventFrameSchema = z.object({
  type: z.literal('event'),
  event: z.enum(EVENT_NAMES as [EventName, ...EventName[]]),
  payload: z.unknown(),
});
export type EventFrame = { [E in EventName]: { type: 'event'; event: E; payload: EventPayloads[E] } }[EventName];

export const ClientFrameSchema = InvokeFrameSchema;
export type ClientFrame = InvokeFrame;
export const ServerFrameSchema = z.discriminatedUnion('type', [ResultFrameSchema, EventFrameSchema]);
export type ServerFrame = ResultFrame | EventFrame;

/** Outcome of parsing one received frame. `id` is set when a bad frame still names a request, so it can be answered. */
export type ParsedFrame<T> = { ok: true; frame: T } | { ok: false; reason: string; id?: number };

function parseFrame<T>(raw: unknown, schema: z.ZodType, requestType: string): ParsedFrame<T> {
  if (typeof raw !== 'string') return { ok: false, reason: 'frame is not text' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'frame is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, frame: parsed.data as T };
  const reason = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(frame)'}: ${issue.message}`)
    .join('; ');
  const id = requestIdOf(json, requestType);
  return id === undefined ? { ok: false, reason } : { ok: false, reason, id };
}

function requestIdOf(json: unknown, requestType: string): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { type, id } = json as { type?: unknown; id?: unknown };
  return type === requestType && RequestIdSchema.safeParse(id).success ? (id as number) : undefined;
}

/**
 * Parse a frame received by the client. A malformed `result` still reports its id so the caller is not left waiting.
 */
export function parseServerFrame(raw: unknown): ParsedFrame<ServerFrame> {
  return parseFrame<ServerFrame>(raw, ServerFrameSchema, 'result');
}

/**
 * Parse a frame received by the host. A malformed `invoke` still reports its id so the host can answer `bad_request`.
 */
export function parseClientFrame(raw: unknown): ParsedFrame<ClientFrame> {
  return parseFrame<ClientFrame>(raw, ClientFrameSchema, 'invoke');
}

/**
 * The protocol is JSON text frames only. A binary frame is read as UTF-8 just
 * far enough to find the invoke id it names, and that request is answered
 * `bad_request` with this message, so a client that sends binary by mistake
 * hears why instead of waiting forever. A binary frame that names no request
 * has no one to answer: the host closes the connection with 1003 (RFC 6455
 * "unsupported data") and this message as the reason, rather than drop it silently.
 */
export const BINARY_FRAME_MESSAGE = 'binary frames are not accepted; send JSON text';
/** Close code for a binary frame that names no request. */
export const WS_CLOSE_UNSUPPORTED_DATA = 1003;

/** The invoke id a binary frame names, if any; the frame is refused either way. */
export function binaryFrameRequestId(bytes: Uint8Array): number | undefined {
  try {
    return requestIdOf(JSON.parse(new TextDecoder('utf-8').decode(bytes)), 'invoke');
  } catch {
    return undefined;
  }
}

/** Serialise an invoke frame. */
export function encodeInvoke<C extends InvokeChannel>(
  id: number,
  channel: C,
  input: InvokeInput<C> | undefined,
): string {
  const frame: InvokeFrame =
    input === undefined ? { type: 'invoke', id, channel } : { type: 'invoke', id, channel, input };
  return JSON.stringify(frame);
}

/** Serialise a result frame. */
export function encodeResult(id: number, result: Result<unknown>): string {
  const frame: ResultFrame = { type: 'result', id, result };
  return JSON.stringify(frame);
}

/** Serialise an event frame. */
export function encodeEvent<E extends EventName>(event: E, payload: EventPayloads[E]): string {
  return JSON.stringify({ type: 'event', event, payload });
}
