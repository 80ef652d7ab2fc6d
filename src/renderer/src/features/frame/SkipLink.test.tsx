// @vitest-environment jsdom
// The skip link and Ctrl+L: the first Tab stop of the page leads to the message box, and the shortcut does the same
// from any page, but not past an open dialog.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { SidebarProvider } from './SidebarProvider';
import { TopBar } from './TopBar';

afterEach(cleanupApps);

const renderTopBar = () =>
  renderWithApp(
    <SidebarProvider>
      <TopBar />
    </SidebarProvider>,
  );

const ctrlL = (): void => void act(() => void fireEvent.keyDown(document.body, { key: 'l', ctrlKey: true }));

describe('the way to the message box', () => {
  it('is the first focusable element of the top bar, named for where it goes', async () => {
    await renderTopBar();
    const first = document.querySelector('header button, header a[href], header select');
    expect(first).toBe(screen.getByTestId('skip-to-composer'));
    expect(first?.textContent).toBe('Skip to message box');
  });

  it('asks for the message box and brings the home page back, from the link or with Ctrl+L', async () => {
    const { model } = await renderTopBar();
    act(() => model.view.setState('about', true));
    fireEvent.click(screen.getByTestId('skip-to-composer'));
    expect(model.view.getState()).toBe('home');
    expect(model.chat.composerFocus.getState()).toBe(1);

    act(() => model.view.setState('log', true));
    ctrlL();
    expect(model.view.getState()).toBe('home');
    expect(model.chat.composerFocus.getState()).toBe(2);
  });

  it('leaves Ctrl+L to an open dialog', async () => {
    const { model } = await renderTopBar();
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    ctrlL();
    dialog.remove();
    expect(model.chat.composerFocus.getState()).toBe(0);
  });
});
