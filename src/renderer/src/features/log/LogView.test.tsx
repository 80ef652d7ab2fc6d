// @vitest-environment jsdom
// The model log's own failure (its tail could not be fetched) reads in the UI's language.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { LogView } from './LogView';

afterEach(cleanupApps);

describe('LogView', () => {
  it('words a failed fetch from its code, in Chinese, with the core sentence as the tooltip', async () => {
    const error = { code: 'forbidden' as const, message: 'backend:log from a foreign origin' };
    const { t } = await renderWithApp(<LogView />, {
      language: 'zh',
      before: async ({ api, model }) => {
        api.handle('backend:log', () => ({ ok: false, error }));
        await model.log.refresh();
      },
    });
    const shown = screen.getByTestId('log-error');
    expect(shown.textContent).toBe(t('error.forbidden'));
    expect(shown.getAttribute('title')).toBe(error.message);
  });
});
