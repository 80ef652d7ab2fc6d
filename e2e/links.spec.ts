// Links in an answer leave the app only after a confirmation that shows the whole
// address and where it really goes. Real browser host, real Chromium; the answer
// comes from an imported conversation, so its links are exactly the test's.
import { expect, test } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { loadTinyModel } from './steps';

let host: RunningHost;

const ANSWER = [
  'Read [the docs](http://127.0.0.1:9/docs?q=1).',
  'Log in at [your bank](http://bank.example@127.0.0.1:9/login).',
  'Or run [this](javascript:alert(document.title)).',
].join('\n\n');

test.beforeAll(async () => {
  host = await startHost();
  const client = await connectHost(host.url);
  await client.invoke('history:import', {
    text: JSON.stringify([
      { role: 'user', content: 'links please' },
      { role: 'assistant', content: ANSWER },
    ]),
  });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

test('a link in an answer asks first, shows the full address and the real host, and opens only on OK', async ({
  page,
  context,
}) => {
  await page.goto(host.url);
  // The chat (and the conversation in it) shows once a model is loaded.
  await loadTinyModel(page);
  await page.getByTestId('history-item').first().getByTestId('history-open').click();
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toContainText('Read the docs');
  const pages = () => context.pages().length;
  const before = pages();

  // A click opens the dialog, nothing else.
  await answer.getByRole('link', { name: 'the docs' }).click();
  const dialog = page.getByTestId('link-dialog');
  await expect(dialog).toHaveAttribute('data-kind', 'confirm');
  await expect(page.getByTestId('link-dialog-url')).toHaveText('http://127.0.0.1:9/docs?q=1');
  await expect(page.getByTestId('link-dialog-destination')).toHaveText('127.0.0.1:9');
  await expect(page.getByTestId('link-dialog-cancel')).toBeFocused();
  // Enter on the focused Cancel, then Esc on a second try: neither opens anything.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await answer.getByRole('link', { name: 'the docs' }).click({ button: 'middle' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(pages()).toBe(before);

  // user@host: the dialog names the host the link really goes to.
  await answer.getByRole('link', { name: 'your bank' }).click();
  await expect(page.getByTestId('link-dialog-destination')).toHaveText('127.0.0.1:9');
  await expect(page.getByTestId('link-dialog-credentials')).toContainText('127.0.0.1:9');
  await page.getByTestId('link-dialog-cancel').click();

  // OK opens it in a new tab with no way back into EVA's page (the "site" is answered by the test).
  await context.route('http://127.0.0.1:9/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>outside</p>' }),
  );
  const opened = context.waitForEvent('page');
  await answer.getByRole('link', { name: 'the docs' }).click();
  await page.getByTestId('link-dialog-open').click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe('http://127.0.0.1:9/docs?q=1');
  expect(await tab.evaluate(() => (globalThis as unknown as { opener: unknown }).opener)).toBeNull();
  await tab.close();
});

test('a javascript: link never runs: it is refused, and the page is untouched', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('history-item').first().getByTestId('history-open').click();
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toContainText('Or run this');
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const url = page.url();
  await answer.getByText('this', { exact: true }).click();
  await expect(page.getByTestId('link-dialog')).toHaveAttribute('data-kind', 'refused');
  await expect(page.getByTestId('link-dialog-open')).toHaveCount(0);
  expect(page.url()).toBe(url);
  expect(dialogs).toBe(0);
});
