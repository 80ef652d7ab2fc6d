// @vitest-environment jsdom
// About's backend card names the llama-tts built beside the server, with the build's commit, or says it is not built.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { BackendInfo } from '@shared/contract';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { BackendCard } from './BackendCard';

afterEach(cleanupApps);

const backend = (ttsPath: BackendInfo['ttsPath']): BackendInfo => ({
  kind: 'cpu',
  serverPath: '/app/bin/cpu/llama-server',
  executable: true,
  build: {
    backend: 'cpu',
    llamaCppCommit: 'de3ff815ea7d559ee917f063901b8986f038abc6',
    source: 'node-llama-cpp@3 llama/gitRelease.bundle',
    cmakeFlags: ['-DGGML_NATIVE=ON'],
    builtAt: '2026-09-28T00:00:00.000Z',
  },
  ...(ttsPath === undefined ? {} : { ttsPath }),
});

describe('BackendCard', () => {
  it("shows llama-tts's path and the server's own build commit", async () => {
    const { t } = await renderWithApp(<BackendCard backend={backend('/app/bin/cpu/llama-tts')} />);
    const row = screen.getByTestId('about-tts');
    expect(row.textContent).toContain(t('about.ttsTool'));
    expect(row.textContent).toContain('/app/bin/cpu/llama-tts');
    expect(row.textContent).toContain(t('about.ttsVersion', { commit: 'de3ff815ea' }));
  });

  it('says llama-tts is not built, in Chinese too', async () => {
    const { t } = await renderWithApp(<BackendCard backend={backend(null)} />, { language: 'zh' });
    expect(screen.getByTestId('about-tts').textContent).toContain(t('about.ttsMissing'));
  });

  it('shows no llama-tts row for an older core that does not say', async () => {
    await renderWithApp(<BackendCard backend={backend(undefined)} />);
    expect(screen.queryByTestId('about-tts')).toBeNull();
  });
});
