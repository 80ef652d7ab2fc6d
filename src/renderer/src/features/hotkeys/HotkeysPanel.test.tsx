// @vitest-environment jsdom
// The Hotkeys panel lists the fixed page shortcuts Ctrl+B (show or hide the history) and Ctrl+L (go to the message box)
// beside the ones it edits.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { HotkeysPanel } from './HotkeysPanel';

afterEach(cleanupApps);

describe('HotkeysPanel', () => {
  it('lists Ctrl+B for the history as a read-only page shortcut, labelled in the UI language', async () => {
    const { model, t } = await renderWithApp(<HotkeysPanel />, { language: 'zh' });
    act(() => model.hotkeys.panelOpen.setState(true, true));
    const field = screen.getByLabelText(t('hotkeys.action.sidebar')) as HTMLInputElement;
    expect(field.dataset.testid).toBe('hotkey-sidebar');
    expect(field.value).toBe('Ctrl+B');
    expect(field.readOnly).toBe(true);
    expect(field.hasAttribute('data-hotkey-capture')).toBe(false);
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(t('hotkeys.scope.fixedPage'));
  });

  it('lists Ctrl+L for the message box, on every page', async () => {
    const { model, t } = await renderWithApp(<HotkeysPanel />, { language: 'zh' });
    act(() => model.hotkeys.panelOpen.setState(true, true));
    const field = screen.getByLabelText(t('hotkeys.action.focusComposer')) as HTMLInputElement;
    expect(field.value).toBe('Ctrl+L');
    expect(field.readOnly).toBe(true);
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(t('hotkeys.scope.fixedAnyPage'));
  });
});
