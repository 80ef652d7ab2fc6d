// @vitest-environment jsdom
// A refused answer on a card reads in the UI's language, not as the core's English sentence.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { CardError } from './CardStatus';

afterEach(cleanupApps);

describe('a card whose answer was refused', () => {
  it('says why in Chinese on a Chinese page, the core sentence beside it', async () => {
    const error = { code: 'disk_full' as const, message: 'could not write the answer: ENOSPC' };
    const { t } = await renderWithApp(<CardError error={error} />, { language: 'zh' });
    const shown = screen.getByRole('alert').textContent ?? '';
    expect(shown).toContain(t('error.disk_full'));
    expect(shown).toMatch(/[\u4e00-\u9fff]/);
  });

  it('shows nothing while nothing was refused', async () => {
    await renderWithApp(<CardError error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
