// @vitest-environment jsdom
// A button for what cannot be undone: the first click only asks; Cancel goes back without acting; the second acts.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { ConfirmButton } from './ConfirmButton';

afterEach(cleanupApps);

describe('ConfirmButton', () => {
  it('asks first, goes back on Cancel, and acts only on the confirming click', async () => {
    const done: string[] = [];
    const { t } = await renderWithApp(
      <ConfirmButton
        label="Revoke"
        ariaLabel="Revoke the key “ci”"
        testId="revoke"
        question="Revoke “ci”?"
        className="asks"
        onConfirm={() => done.push('revoked')}
      />,
    );
    expect(screen.getByTestId('revoke').getAttribute('aria-label')).toBe('Revoke the key “ci”');
    fireEvent.click(screen.getByTestId('revoke'));
    expect(done).toEqual([]);
    expect(screen.getByRole('group', { name: 'Revoke “ci”?' }).textContent).toContain('Revoke “ci”?');
    fireEvent.click(screen.getByText(t('common.cancel')));
    expect(screen.queryByTestId('revoke-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('revoke'));
    fireEvent.click(screen.getByTestId('revoke-confirm'));
    expect(done).toEqual(['revoked']);
    expect(screen.getByTestId('revoke')).toBeTruthy();
  });

  it('cannot be started while disabled', async () => {
    await renderWithApp(<ConfirmButton label="Clear" testId="clear" disabled className="asks" onConfirm={() => {}} />);
    expect((screen.getByTestId('clear') as HTMLButtonElement).disabled).toBe(true);
  });
});
