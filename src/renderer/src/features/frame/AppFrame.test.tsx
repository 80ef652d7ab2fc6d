// @vitest-environment jsdom
// The top bar and the home page together, as App.tsx puts them: the history sidebar's
// button and Ctrl+B, docked on a wide window and as an overlay on a narrow one, and
// the page tabs' states.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { HomeView } from './HomeView';
import { createSidebarModel, COLLAPSED_STORAGE_KEY, type WidthQuery } from './sidebar-store';
import { SidebarProvider } from './SidebarProvider';
import { TopBar } from './TopBar';
import { ExpendTabs } from './ExpendTabs';

afterEach(cleanupApps);

function fixedWidth(narrow: boolean): WidthQuery {
  return { matches: narrow, addEventListener: () => {}, removeEventListener: () => {} };
}

async function renderFrame(narrow: boolean, stored: Record<string, string> = {}) {
  const items = { ...stored };
  const storage = {
    getItem: (key: string) => items[key] ?? null,
    setItem: (key: string, value: string) => void (items[key] = value),
  };
  const sidebar = createSidebarModel({ storage, width: fixedWidth(narrow) });
  const app = await renderWithApp(
    <SidebarProvider model={sidebar}>
      <TopBar />
      <ExpendTabs />
      <HomeView />
    </SidebarProvider>,
  );
  return { ...app, items };
}

const toggle = (): HTMLElement => screen.getByTestId('sidebar-toggle');
const ctrlB = (): void => void act(() => void fireEvent.keyDown(document.body, { key: 'b', ctrlKey: true }));

describe('the history sidebar on a wide window', () => {
  it('is docked; the button hides it and says so, the choice is remembered, Ctrl+B brings it back', async () => {
    const { items } = await renderFrame(false);
    expect(screen.getByTestId('history')).toBeTruthy();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().getAttribute('aria-controls')).toBe(screen.getByTestId('history').id);

    fireEvent.click(toggle());
    expect(screen.queryByTestId('history')).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(items[COLLAPSED_STORAGE_KEY]).toBe('true');

    ctrlB();
    expect(screen.getByTestId('history')).toBeTruthy();
    expect(items[COLLAPSED_STORAGE_KEY]).toBe('false');
  });

  it('starts collapsed when it was left collapsed', async () => {
    await renderFrame(false, { [COLLAPSED_STORAGE_KEY]: 'true' });
    expect(screen.queryByTestId('history')).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the history sidebar on a narrow window', () => {
  it('starts hidden, opens over the page as a modal dialog with the focus inside, and Esc closes it and gives the focus back', async () => {
    await renderFrame(true);
    expect(screen.queryByTestId('history')).toBeNull();
    toggle().focus();
    fireEvent.click(toggle());
    const history = screen.getByTestId('history');
    expect(history.getAttribute('role')).toBe('dialog');
    expect(history.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('history-search'));

    fireEvent.keyDown(screen.getByTestId('history-search'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('history')).toBeNull());
    expect(document.activeElement).toBe(toggle());
  });

  it('closes when a chat is started from it, or on a click beside it', async () => {
    await renderFrame(true);
    ctrlB();
    fireEvent.click(screen.getByTestId('history-new'));
    expect(screen.queryByTestId('history')).toBeNull();
    ctrlB();
    fireEvent.click(screen.getByTestId('history-overlay').querySelector('.history-backdrop') as Element);
    expect(screen.queryByTestId('history')).toBeNull();
  });
});

describe('the top bar tabs', () => {
  it('Load looks like the other tabs, and only the page shown is aria-current', async () => {
    await renderFrame(false);
    const load = screen.getByTestId('load-open');
    expect(load.className).not.toContain('btn-primary');
    expect(load.className).toBe(screen.getByTestId('open-expend').className);
    const current = (): string[] =>
      [...document.querySelectorAll('.topbar [aria-current]')].map(
        (element) => element.getAttribute('data-testid') ?? element.className,
      );
    expect(current()).toEqual(['brand']);

    fireEvent.click(screen.getByTestId('open-expend'));
    expect(current()).toEqual(['open-expend']);
    expect(screen.getByTestId('open-log').getAttribute('aria-current')).toBe('page');
    expect(load.hasAttribute('aria-current')).toBe(false);
  });

  it('Expend holds the model log, MCP and the knowledge base in its own strip, and reopens the page last shown', async () => {
    await renderFrame(false);
    expect(screen.queryByTestId('expend-tabs')).toBeNull();
    fireEvent.click(screen.getByTestId('open-expend'));
    expect(
      [...screen.getByTestId('expend-tabs').querySelectorAll('button')].map((b) => b.getAttribute('data-testid')),
    ).toEqual([
      'open-log',
      'open-mcp',
      'open-knowledge',
      'open-model-info',
      'open-workshop',
      'open-images',
      'open-compare',
      'open-local-api',
    ]);
    fireEvent.click(screen.getByTestId('open-knowledge'));
    expect(screen.getByTestId('open-knowledge').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('open-expend').getAttribute('aria-current')).toBe('page');
    fireEvent.click(document.querySelector('.brand') as Element);
    expect(screen.queryByTestId('expend-tabs')).toBeNull();
    fireEvent.click(screen.getByTestId('open-expend'));
    expect(screen.getByTestId('open-knowledge').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('open-expend'));
    expect(screen.queryByTestId('expend-tabs')).toBeNull();
  });
});
