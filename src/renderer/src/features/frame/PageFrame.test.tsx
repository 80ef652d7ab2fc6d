// @vitest-environment jsdom
// A page fetched on first use: a note while it comes, the page once here, and what went wrong when it cannot come.
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { LaterPanel, PageFrame } from './PageFrame';

afterEach(cleanupApps);

function fetched() {
  let arrive = (): void => undefined;
  let fail = (_error: Error): void => undefined;
  const Page = lazy(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve, reject) => {
        arrive = () => resolve({ default: () => <p>the page</p> });
        fail = reject;
      }),
  );
  return { Page, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

describe('PageFrame', () => {
  it('says the page is opening until it is here, then shows it', async () => {
    const { Page, arrive } = fetched();
    await renderWithApp(
      <PageFrame>
        <Page />
      </PageFrame>,
    );
    expect(screen.getByRole('status').textContent).toBe('Opening the page…');
    arrive();
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says why a page that cannot be fetched is not shown, and offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    const { Page, fail } = fetched();
    const { t } = await renderWithApp(
      <PageFrame>
        <Page />
      </PageFrame>,
    );
    fail(new Error('Failed to fetch dynamically imported module'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      t('frame.pageFailed', { message: 'Failed to fetch dynamically imported module' }),
    );
    expect(screen.getByRole('button', { name: t('frame.reload') })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('mounts a panel only while it is open, once it is here', async () => {
    const { Page, arrive } = fetched();
    const panel = (open: boolean) => (
      <LaterPanel open={open}>
        <p>panel head</p>
        <Page />
      </LaterPanel>
    );
    const { rerender } = await renderWithApp(panel(false));
    expect(screen.queryByText('panel head')).toBeNull();
    rerender(panel(true));
    arrive();
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(screen.getByText('panel head')).toBeTruthy();
    rerender(panel(false));
    expect(screen.queryByText('panel head')).toBeNull();
  });
});
