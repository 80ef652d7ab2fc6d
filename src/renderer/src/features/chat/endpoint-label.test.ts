import { describe, expect, it } from 'vitest';
import type { BackendStatus } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import { describeEndpoint } from './endpoint-label';

const ready = { state: 'ready', model: { name: 'qwen' } } as BackendStatus;

describe('describeEndpoint', () => {
  it('names the local model when it is ready', () => {
    expect(describeEndpoint(defaultSettings(), ready, null)).toEqual({ kind: 'local', ready: true, model: 'qwen' });
    expect(describeEndpoint(defaultSettings(), { ...ready, state: 'stopped' }, null)).toEqual({
      kind: 'local',
      ready: false,
      model: null,
    });
    expect(describeEndpoint(null, null, null)).toEqual({ kind: 'local', ready: false, model: null });
  });

  it('names the link profile and its model', () => {
    const settings = {
      ...defaultSettings(),
      links: [{ id: 'L', name: 'Work', presetId: 'openai', baseUrl: 'https://x/v1', model: 'gpt-4o' }],
    };
    expect(
      describeEndpoint(
        { ...settings, chat: { ...settings.chat, endpoint: { kind: 'link', linkId: 'L' } } },
        ready,
        null,
      ),
    ).toEqual({ kind: 'link', name: 'Work', model: 'gpt-4o' });
    expect(
      describeEndpoint(
        { ...settings, chat: { ...settings.chat, endpoint: { kind: 'link', linkId: 'gone' } } },
        ready,
        null,
      ),
    ).toEqual({ kind: 'missing' });
  });
});
