// @vitest-environment jsdom
// The home page's error card: why the last load failed, in the UI's language, with what to do.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { HomeView } from './HomeView';
import { SidebarProvider } from './SidebarProvider';

afterEach(cleanupApps);

describe('HomeView error card', () => {
  it('words a failed load from its code and details, the core sentence kept as the tooltip', async () => {
    const { api, t } = await renderWithApp(
      <SidebarProvider>
        <HomeView />
      </SidebarProvider>,
      { language: 'zh' },
    );
    const error = {
      code: 'model_invalid' as const,
      message: 'not a GGUF file: /m/notes.txt',
      details: { path: '/m/notes.txt' },
    };
    act(() => api.emit('backend:state', { ...api.state.status, state: 'error', error }));
    const shown = screen.getByTestId('home-error');
    expect(shown.textContent).toBe(t('error.model_invalid.path', { path: '/m/notes.txt' }));
    expect(shown.getAttribute('title')).toBe(error.message);
  });
});
