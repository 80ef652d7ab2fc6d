import { describe, expect, it } from 'vitest';
import { LINK_PRESETS } from '../../links/link-presets';
import { chooseToolProtocol } from './tool-protocol';

describe('chooseToolProtocol', () => {
  it('a forced setting wins, whatever the endpoint says', () => {
    expect(chooseToolProtocol('prompt', { kind: 'local', supportsTools: true }).protocol).toBe('prompt');
    expect(chooseToolProtocol('native', { kind: 'link', presetId: 'custom', supportsTools: null }).protocol).toBe(
      'native',
    );
    expect(chooseToolProtocol('native', null)).toEqual({
      protocol: 'native',
      reason: 'the native protocol is set in the tool settings',
    });
  });

  it('auto, local llama-server: native exactly when /props says the chat template supports tools', () => {
    expect(chooseToolProtocol('auto', { kind: 'local', supportsTools: true })).toEqual({
      protocol: 'native',
      reason: "the model's chat template supports tools (/props)",
    });
    expect(chooseToolProtocol('auto', { kind: 'local', supportsTools: false }).protocol).toBe('prompt');
    const unknown = chooseToolProtocol('auto', {
      kind: 'local',
      supportsTools: null,
      problem: 'no local model is loaded',
    });
    expect(unknown).toEqual({
      protocol: 'prompt',
      reason: "the server's tool support is unknown (no local model is loaded)",
    });
  });

  it('auto, links: the known native APIs go native, unknown endpoints use the prompt protocol', () => {
    for (const id of ['openai', 'deepseek', 'dashscope', 'gemini', 'anthropic', 'openrouter', 'ollama', 'lmstudio']) {
      const choice = chooseToolProtocol('auto', { kind: 'link', presetId: id, supportsTools: null });
      expect(choice.protocol, id).toBe('native');
      expect(choice.reason).toContain(LINK_PRESETS.find((p) => p.id === id)?.name);
    }
    expect(chooseToolProtocol('auto', { kind: 'link', presetId: 'custom', supportsTools: null })).toEqual({
      protocol: 'prompt',
      reason: 'this link is not a known native-tools endpoint',
    });
  });

  it('auto, a remote llama-server link goes by its /props like the local one', () => {
    expect(chooseToolProtocol('auto', { kind: 'link', presetId: 'llama-server', supportsTools: true }).protocol).toBe(
      'native',
    );
    expect(chooseToolProtocol('auto', { kind: 'link', presetId: 'llama-server', supportsTools: false }).protocol).toBe(
      'prompt',
    );
    expect(
      chooseToolProtocol('auto', { kind: 'link', presetId: 'llama-server', supportsTools: null, problem: 'HTTP 404' })
        .reason,
    ).toContain('HTTP 404');
  });

  it('auto without anything known about the endpoint is the prompt protocol', () => {
    expect(chooseToolProtocol('auto', null).protocol).toBe('prompt');
  });
});
