import { describe, expect, it } from 'vitest';
import { modelLogLine, parseRouterModels } from './router-models';

describe('router models', () => {
  it('reads states, the running port, and a failed load', () => {
    const models = parseRouterModels({
      data: [
        {
          id: 'a',
          status: {
            value: 'loaded',
            args: ['llama-server', '--host', '127.0.0.1', '--port', '58119', '--model', '/m/a.gguf'],
          },
        },
        {
          id: 'b',
          status: { value: 'unloaded', args: ['llama-server', '--port', '60023'], failed: true, exit_code: 1 },
        },
        { id: 'c', status: { value: 'downloading' } },
        { nope: true },
      ],
    });
    expect(models).toEqual([
      { id: 'a', state: 'loaded', failed: false, exitCode: null, port: 58119 },
      { id: 'b', state: 'unloaded', failed: true, exitCode: 1, port: null },
      { id: 'c', state: 'loading', failed: false, exitCode: null, port: null },
    ]);
    expect(() => parseRouterModels({ error: 'x' })).toThrow(/data list/);
  });

  it('splits a model line from the router log', () => {
    expect(modelLogLine('[58119] 0.01.264 I srv llama_server: model loaded')).toEqual({
      port: 58119,
      text: '0.01.264 I srv llama_server: model loaded',
    });
    expect(modelLogLine('0.09.475 I srv proxy_reques: proxying')).toBeNull();
  });
});
