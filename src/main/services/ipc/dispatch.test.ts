import { describe, expect, it } from 'vitest';
import type { InvokeHandlers } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { dispatchInvoke } from './dispatch';

const handlers = new Proxy({} as InvokeHandlers, {
  get: (_t, channel) => async (input: unknown) => {
    if (channel === 'backend:stop') throw new AppFailure('backend_failed', 'it broke', { exitCode: 1 });
    if (channel === 'backend:status') throw new Error('plain error');
    return { channel, input };
  },
});

describe('dispatchInvoke', () => {
  it('rejects unknown channels', async () => {
    expect(await dispatchInvoke(handlers, 'fs:delete-everything', {})).toEqual({
      ok: false,
      error: { code: 'unknown_channel', message: 'unknown channel: fs:delete-everything' },
    });
    const nonString = await dispatchInvoke(handlers, { toString: 1 }, {});
    expect(nonString.ok).toBe(false);
    expect(await dispatchInvoke(handlers, '__proto__', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
  });

  it('rejects input that fails the schema with the failing path', async () => {
    const result = await dispatchInvoke(handlers, 'settings:update', { load: { contextSize: 'big' } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('bad_request');
      expect(result.error.message).toContain('load.contextSize');
    }
    const extra = await dispatchInvoke(handlers, 'settings:update', { evil: true });
    expect(extra).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const wrongType = await dispatchInvoke(handlers, 'backend:inspect', 'not an object');
    expect(wrongType).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('gives the first failing field and what it expected as data, for the UI to word in its language', async () => {
    const result = await dispatchInvoke(handlers, 'settings:update', { load: { contextSize: 'big' } });
    expect(result).toMatchObject({
      ok: false,
      error: { details: { reason: 'input_type', field: 'load.contextSize', expected: 'number' } },
    });
    expect(await dispatchInvoke(handlers, 'settings:update', { evil: true })).toMatchObject({
      error: { details: { reason: 'input_unknown_key', field: '', options: 'evil' } },
    });
  });

  it('passes validated input to the handler', async () => {
    expect(await dispatchInvoke(handlers, 'backend:inspect', { modelPath: '/m.gguf' })).toEqual({
      ok: true,
      value: { channel: 'backend:inspect', input: { modelPath: '/m.gguf' } },
    });
    expect(await dispatchInvoke(handlers, 'app:info', undefined)).toMatchObject({ ok: true });
  });

  it('turns handler failures into AppErrors', async () => {
    expect(await dispatchInvoke(handlers, 'backend:stop', undefined)).toEqual({
      ok: false,
      error: { code: 'backend_failed', message: 'it broke', details: { exitCode: 1 } },
    });
    expect(await dispatchInvoke(handlers, 'backend:status', undefined)).toEqual({
      ok: false,
      error: { code: 'internal', message: 'plain error' },
    });
  });
});
