// @vitest-environment jsdom
// A failed call reported as a toast reads in the UI's language, with the core's sentence kept as its tooltip.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { Notices } from './Notices';

afterEach(cleanupApps);

describe('Notices', () => {
  it('words a reported AppError from its code in Chinese, the core sentence one hover away', async () => {
    const { model, t } = await renderWithApp(<Notices />, { language: 'zh' });
    act(() =>
      model.notices.reportError({
        code: 'model_missing',
        message: 'model file not found: /m/q.gguf',
        details: { path: '/m/q.gguf' },
      }),
    );
    const text = screen.getByTestId('notice').querySelector('.toast-text');
    expect(text?.textContent).toBe(t('error.model_missing.path', { path: '/m/q.gguf' }));
    expect(text?.getAttribute('title')).toBe('model file not found: /m/q.gguf');
  });

  it('words a history failure by its precise code, not the generic one it travels under', async () => {
    const { model, t } = await renderWithApp(<Notices />, { language: 'zh' });
    act(() =>
      model.notices.reportError({
        code: 'internal',
        message: 'could not save: ENOSPC',
        details: { historyCode: 'history_write_failed', errno: 'ENOSPC' },
      }),
    );
    expect(screen.getByTestId('notice').textContent).toContain(t('error.history_write_failed'));
  });

  it("shows a notice the core already worded as it came, and a newer core's unknown code by its sentence", async () => {
    const { api, model } = await renderWithApp(<Notices />, { language: 'zh' });
    act(() =>
      api.emit('app:notice', { level: 'warning', code: 'backend_fallback', message: 'CUDA failed; using CPU' }),
    );
    act(() => model.notices.reportError({ code: 'from_a_newer_core' as 'internal', message: 'Something new.' }));
    const texts = screen.getAllByTestId('notice').map((el) => el.querySelector('.toast-text'));
    expect(texts.map((el) => el?.textContent)).toEqual(['CUDA failed; using CPU', 'Something new.']);
    expect(texts.map((el) => el?.getAttribute('title'))).toEqual([null, null]);
  });
});
