import { describe, expect, it } from 'vitest';
import type { BackendState } from '@shared/contract';
import { createMemoryPlatform, memoryDefaultSettings } from './memory-platform';

describe('memory platform', () => {
  it('checks inputs with the contract schemas, like the real hosts', async () => {
    const api = createMemoryPlatform();
    const bad = await api.invoke('backend:load', { modelPath: 1 } as never);
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const extra = await api.invoke('app:info', { surprise: true } as never);
    expect(extra).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('imitates a load: starting, log lines, ready, and remembers the model', async () => {
    const api = createMemoryPlatform();
    const states: BackendState[] = [];
    const logged: string[] = [];
    api.on('backend:state', (status) => states.push(status.state));
    api.on('backend:log-lines', ({ lines }) => logged.push(...lines.map((l) => l.text)));
    const result = await api.invoke('backend:load', { ...memoryDefaultSettings().load, modelPath: '/m/x.gguf' });
    expect(result).toMatchObject({ ok: true, value: { state: 'ready', model: { name: 'x' }, host: '127.0.0.1' } });
    expect(states).toEqual(['starting', 'ready']);
    expect(logged.some((text) => text.includes('listening'))).toBe(true);
    expect(api.state.settings.recentModels).toEqual(['/m/x.gguf']);
    const log = await api.invoke('backend:log');
    expect(log.ok && log.value.lines.map((l) => l.seq)).toEqual(log.ok ? log.value.lines.map((_, i) => i + 1) : []);
  });

  it('merges partial settings updates', async () => {
    const api = createMemoryPlatform();
    const result = await api.invoke('settings:update', { language: 'zh', load: { contextSize: 8192 } });
    expect(result.ok && [result.value.language, result.value.load.contextSize, result.value.load.batchSize]).toEqual([
      'zh',
      8192,
      2048,
    ]);
  });
});
