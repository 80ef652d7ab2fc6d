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
});
