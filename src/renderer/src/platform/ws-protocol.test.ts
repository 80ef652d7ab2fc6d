// Tests of src/shared/ws-protocol.ts. They live here because this slice may add only
// that one file under src/shared; move them beside it when convenient.
import { describe, expect, it } from 'vitest';
import { encodeEvent, encodeInvoke, encodeResult, parseClientFrame, parseServerFrame } from '@shared/ws-protocol';

describe('parseServerFrame', () => {
  it('accepts results and events', () => {
    expect(parseServerFrame(encodeResult(7, { ok: true, value: { a: 1 } }))).toEqual({
      ok: true,
      frame: { type: 'result', id: 7, result: { ok: true, value: { a: 1 } } },
    });
    const event = parseServerFrame(encodeEvent('app:notice', { level: 'info', code: 'x', message: 'hi' }));
    expect(event).toEqual({
      ok: true,
      frame: { type: 'event', event: 'app:notice', payload: { level: 'info', code: 'x', message: 'hi' } },
    });
  });

  it('accepts an error result and keeps its details', () => {
    const raw = encodeResult(3, {
      ok: false,
      error: { code: 'model_invalid', message: 'not a GGUF file', details: { logTail: ['x'] } },
    });
    expect(parseServerFrame(raw)).toEqual({
      ok: true,
      frame: {
        type: 'result',
        id: 3,
        result: {
          ok: false,
          error: { code: 'model_invalid', message: 'not a GGUF file', details: { logTail: ['x'] } },
        },
      },
    });
  });

  it("turns an error code it does not know (a newer host) into 'internal' instead of dropping the answer", () => {
    const parsed = parseServerFrame(
      JSON.stringify({ type: 'result', id: 1, result: { ok: false, error: { code: 'brand_new', message: 'm' } } }),
    );
    expect(
      parsed.ok && parsed.frame.type === 'result' && !parsed.frame.result.ok && parsed.frame.result.error.code,
    ).toBe('internal');
  });

  it.each([
    ['binary data', new ArrayBuffer(4)],
    ['not JSON', '{"type":'],
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
    ['no type', '{"id":1}'],
    ['an unknown type', '{"type":"hello"}'],
    ['an unknown event', '{"type":"event","event":"chat:delta","payload":{}}'],
    ['a result without id', '{"type":"result","result":{"ok":true,"value":1}}'],
    ['a fractional id', '{"type":"result","id":1.5,"result":{"ok":true,"value":1}}'],
    ['a negative id', '{"type":"result","id":-1,"result":{"ok":true,"value":1}}'],
  ])('rejects %s without an id', (_name, raw) => {
    const parsed = parseServerFrame(raw);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.id).toBeUndefined();
    expect(!parsed.ok && parsed.reason).toBeTruthy();
  });

  it('names the request of a malformed result so the caller can stop waiting', () => {
    const parsed = parseServerFrame('{"type":"result","id":9,"result":{"ok":false,"error":{"message":1}}}');
    expect(parsed).toMatchObject({ ok: false, id: 9 });
    expect(parseServerFrame('{"type":"result","id":9,"result":"yes"}')).toMatchObject({ ok: false, id: 9 });
  });
});

describe('parseClientFrame', () => {
  it('accepts an invoke with or without input', () => {
    expect(parseClientFrame(encodeInvoke(1, 'app:info', undefined))).toEqual({
      ok: true,
      frame: { type: 'invoke', id: 1, channel: 'app:info' },
    });
    expect(parseClientFrame(encodeInvoke(2, 'settings:update', { language: 'zh' }))).toEqual({
      ok: true,
      frame: { type: 'invoke', id: 2, channel: 'settings:update', input: { language: 'zh' } },
    });
  });

  it('passes unknown channels on, so the host can answer unknown_channel', () => {
    expect(parseClientFrame('{"type":"invoke","id":4,"channel":"fs:delete"}')).toMatchObject({
      ok: true,
      frame: { channel: 'fs:delete' },
    });
  });

  it('reports the id of a bad invoke so the host can answer bad_request', () => {
    expect(parseClientFrame('{"type":"invoke","id":5,"channel":42}')).toMatchObject({ ok: false, id: 5 });
    expect(parseClientFrame('{"type":"invoke","channel":"app:info"}')).toMatchObject({ ok: false });
    expect(parseClientFrame('garbage')).toEqual({ ok: false, reason: 'frame is not JSON' });
  });

  it('does not accept server frames from a client', () => {
    expect(parseClientFrame(encodeResult(1, { ok: true, value: 1 })).ok).toBe(false);
  });
});
