// @vitest-environment jsdom
// A failed backend scan on About reads in the UI's language; the core's sentence stays in its tooltip.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { AboutView } from './AboutView';

afterEach(cleanupApps);

describe('AboutView', () => {
  it('words a failed scan from its code, in Chinese, with the core sentence as the tooltip', async () => {
    const error = { code: 'internal' as const, message: 'spawn nvidia-smi EACCES' };
    const { t } = await renderWithApp(<AboutView />, {
      language: 'zh',
      before: async ({ api, model }) => {
        api.handle('backend:discover', () => ({ ok: false, error }));
        await model.discovery.refresh();
      },
    });
    const shown = screen.getByTestId('about-error');
    expect(shown.textContent).toBe(t('error.internal'));
    expect(shown.getAttribute('title')).toBe(error.message);
  });
});
