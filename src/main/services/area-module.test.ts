import { describe, expect, it } from 'vitest';
import { invokeChannels, type InvokeChannel } from '@shared/contract';
import { assembleHandlers, disposeAreas, type AreaModule } from './area-module';

const served = (channels: string[]) =>
  ({
    handlers: Object.fromEntries(channels.map((channel) => [channel, async () => channel])),
    dispose: () => undefined,
  }) as unknown as AreaModule<InvokeChannel>;
const all = Object.keys(invokeChannels);

describe('assembleHandlers', () => {
  it('makes one map of every area’s handlers', async () => {
    const handlers = assembleHandlers([served(all.slice(0, 10)), served(all.slice(10))]);
    expect(Object.keys(handlers).sort()).toEqual([...all].sort());
    expect(await handlers['app:info'](undefined)).toBe('app:info');
  });

  it('refuses a channel no area serves, naming it', () => {
    expect(() => assembleHandlers([served(all.filter((channel) => channel !== 'chat:send'))])).toThrow(
      'no area serves chat:send',
    );
  });

  it('refuses a channel two areas serve', () => {
    expect(() => assembleHandlers([served(all), served(['settings:get'])])).toThrow('two areas serve settings:get');
  });

  it('refuses a channel the contract does not have', () => {
    expect(() => assembleHandlers([served([...all, 'nothing:here'])])).toThrow('nothing:here');
  });
});

describe('disposeAreas', () => {
  it('stops the areas last opened first, and all of them when one fails', async () => {
    const order: string[] = [];
    const area = (name: string, fail = false): AreaModule<InvokeChannel> =>
      ({
        handlers: {},
        dispose: async () => {
          order.push(name);
          if (fail) throw new Error(`${name} failed`);
        },
      }) as unknown as AreaModule<InvokeChannel>;
    await expect(disposeAreas([area('settings'), area('backend', true), area('chat')])).rejects.toThrow(
      'some areas did not stop cleanly',
    );
    expect(order).toEqual(['chat', 'backend', 'settings']);
  });
});
