// @vitest-environment jsdom
// The status bar's failure reads in the UI's language; the core's sentence stays in its tooltip for bug reports.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
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
});
