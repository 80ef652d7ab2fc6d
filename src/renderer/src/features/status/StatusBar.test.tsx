// @vitest-environment jsdom
// The status bar's failure reads in the UI's language; the core's sentence stays in its tooltip for bug reports.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { memoryDefaultSettings } from '@renderer/platform/memory-platform';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { StatusBar } from './StatusBar';

afterEach(cleanupApps);

describe('StatusBar', () => {
  it('says why the model failed from its code, in Chinese, with the core sentence as the tooltip', async () => {
    const { api, t } = await renderWithApp(<StatusBar />, { language: 'zh' });
    const error = { code: 'ready_timeout' as const, message: 'llama-server was not ready after 120 s' };
    act(() => api.emit('backend:state', { ...api.state.status, state: 'error', error }));
    const shown = screen.getByTestId('status-error');
    expect(shown.textContent).toBe(t('error.ready_timeout'));
    expect(shown.getAttribute('title')).toBe(error.message);
    expect(shown.dataset.code).toBe('ready_timeout');
  });

  it('shows what llama-server allocated beside the estimate, and marks a load that had to shrink', async () => {
    const { api, t } = await renderWithApp(<StatusBar />, { language: 'en' });
    const report = {
      offloaded: null,
      buffers: [
        { device: 'CPU_Mapped', kind: 'model' as const, mib: 8.7 },
        { device: 'CPU', kind: 'kv' as const, mib: 16 },
        { device: 'CPU', kind: 'compute' as const, mib: 160.4 },
      ],
      nCtx: 16384,
      nCtxSeq: 16384,
      serverFit: null,
    };
    const asked = { gpuLayers: 0, contextSize: 262144 };
    const running = { gpuLayers: 0, contextSize: 16384 };
    act(() =>
      api.emit('backend:state', {
        ...api.state.status,
        state: 'ready',
        backend: 'cpu',
        estimate: { gpuLayers: 0, maxLayers: 5, reason: 'CPU backend: no offload' },
        fit: { report, requested: asked, running, changes: [], remembered: true },
      }),
    );
    const segment = screen.getByTestId('status-fit');
    expect(segment.textContent).toBe(
      `${t('status.fit', { mib: 185 })} · ${t('status.fitShrunk', { running: 'context 16384 (asked 262144)' })}`,
    );
    expect(segment.dataset.shrunk).toBe('true');
    expect(segment.getAttribute('title')).toContain("EVA's estimate: 0 of 5 layers (CPU backend: no offload)");
    expect(segment.getAttribute('title')).toContain('started with what fit last time on this machine');

    act(() => api.emit('backend:state', { ...api.state.status, state: 'stopped', fit: null }));
    expect(screen.queryByTestId('status-fit')).toBeNull();
  });

  it("says why the estimate chose its GPU layers in the UI language, not the core's English", async () => {
    const { api, t } = await renderWithApp(<StatusBar />, { language: 'zh' });
    const estimate = {
      gpuLayers: 3,
      maxLayers: 5,
      reason: "set by you (9, capped at the model's 5 layers)",
      why: { code: 'override_capped' as const, wanted: 9 },
    };
    act(() => api.emit('backend:state', { ...api.state.status, state: 'ready', gpuLayers: 3, estimate }));
    const ngl = screen.getByTestId('status-ngl');
    expect(ngl.getAttribute('title')).toBe(t('load.estimateWhy.overrideCapped', { wanted: 9, max: 5 }));
    expect(ngl.getAttribute('title')).toMatch(/[\u4e00-\u9fff]/);
  });

  it('in link mode shows the link in use, not an old local load error, in English and in Chinese', async () => {
    const settings = memoryDefaultSettings();
    const linked = {
      ...settings,
      links: [{ id: 'work', name: 'Work', presetId: 'custom', baseUrl: 'https://llm.example.com/v1', model: 'gpt-x' }],
      chat: { ...settings.chat, endpoint: { kind: 'link' as const, linkId: 'work' } },
    };
    const { api } = await renderWithApp(<StatusBar />, { language: 'en', platform: { settings: linked } });
    const error = { code: 'ready_timeout' as const, message: 'llama-server was not ready after 120 s' };
    act(() => api.emit('backend:state', { ...api.state.status, state: 'error', error }));
    expect(screen.queryByTestId('status-error')).toBeNull();
    expect(screen.getByTestId('status-state').textContent).toBe('Link');
    expect(screen.getByTestId('status-link-name').textContent).toBe('Work');
    expect(screen.getByTestId('status-model').textContent).toBe('gpt-x');
    expect(screen.getByTestId('status-port').textContent).toBe('llm.example.com');
    cleanupApps();

    const gone = { ...linked, links: [] };
    await renderWithApp(<StatusBar />, { language: 'zh', platform: { settings: gone } });
    expect(screen.getByTestId('status-state').textContent).toBe('链接配置已不存在');
  });
  it("words the core's notices and the memory tooltip in Chinese, the core's sentence one hover away", async () => {
    const { api, t } = await renderWithApp(<StatusBar />, { language: 'zh' });
    const text = 'port 8080 is in use; using 39217 for this run (setting unchanged)';
    const report = { offloaded: null, buffers: [], nCtx: 4096, nCtxSeq: 4096, serverFit: null };
    const point = { gpuLayers: 0, contextSize: 4096 };
    act(() =>
      api.emit('backend:state', {
        ...api.state.status,
        state: 'ready',
        notices: [text],
        noticeCodes: [{ code: 'port_in_use', vars: { requested: 8080, port: 39217 } }],
        fit: { report, requested: point, running: point, changes: [], remembered: true },
      }),
    );
    const notice = screen.getByTestId('status-notice');
    expect(notice.textContent).toBe('端口 8080 已被占用；本次运行改用 39217（设置不变）');
    expect(notice.getAttribute('title')).toBe(text);
    const title = screen.getByTestId('status-fit').getAttribute('title');
    expect(title).toContain(t('status.fitLine.remembered'));
    expect(title).toContain('上下文 4096 个 token');
    expect(title).not.toContain('started with what fit');
  });
});
