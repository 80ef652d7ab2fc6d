// The Local API page as a user runs it: the tiny model loaded, the API started on its kept port, a key created whose
// secret shows once, the Test with that key answered by the model, the requests in the log under the key's name, the
// key used from outside the browser as another program would, then revoked (after a confirmation) and refused; axe
// finds nothing on the page or its dialog. Real browser host, real core, real llama-server, real Chromium.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { loadTinyModel } from './steps';

// The page's CSP refuses script tags, so the library goes in as evaluated source (as accessibility.spec.ts does).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { language: 'en' });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** Every axe finding on the document, whatever its impact, as "rule: targets". */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    interface AxeViolation {
      id: string;
      nodes: Array<{ target: unknown[] }>;
    }
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((n) => n.target))}`,
    );
  });
}

/** What another program gets from GET /v1/models with `key`: the status and the model names. */
async function listModels(baseUrl: string, key: string): Promise<{ status: number; models: string[] }> {
  const response = await fetch(`${baseUrl}/models`, { headers: { Authorization: `Bearer ${key}` } });
  const body = (await response.json()) as { data?: Array<{ id: string }> };
  return { status: response.status, models: (body.data ?? []).map((model) => model.id) };
}

test('start the API, create a key shown once, test it, see its requests in the log, and revoke it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(host.url);
  await loadTinyModel(page);
  // The name the loaded model answers to: what its file calls it.
  const client = await connectHost(host.url);
  const model = (await client.invoke('backend:status')).model!.name;
  client.close();
  await page.getByTestId('open-expend').click();
  await page.getByTestId('open-local-api').click();
  await expect(page.getByTestId('local-api-page')).toBeVisible();
  await expect(page.getByTestId('local-api-log-empty')).toContainText('No requests yet.');
  await expect(page.getByTestId('local-api-parallel-text')).toContainText(/parallel|at a time/);

  await page.getByTestId('local-api-start').click();
  await expect(page.getByTestId('local-api-status')).toHaveAttribute('data-state', 'running');
  const baseUrl = (await page.getByTestId('local-api-base-url').textContent())!;
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:414\d\d\/v1$/);
  await expect(page.getByTestId('local-api-snippet')).toContainText(`'${baseUrl}/chat/completions'`);
  await expect(page.getByTestId('local-api-snippet')).toContainText('YOUR_API_KEY');

  await page.getByTestId('local-api-key-name').fill('e2e script');
  await page.getByTestId('local-api-key-create').click();
  const dialog = page.getByTestId('local-api-secret-dialog');
  await expect(dialog).toBeVisible();
  const secret = (await dialog.getByTestId('local-api-secret').textContent())!;
  expect(secret).toMatch(/^eva-[a-z0-9]{12}-[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId('local-api-secret-once')).toContainText('the only time the key is shown');
  await expect(dialog.getByTestId('local-api-dialog-snippet')).toContainText(`Bearer ${secret}`);
  await expect(dialog.getByTestId('local-api-dialog-snippet')).toContainText(`"model":${JSON.stringify(model)}`);

  await dialog.getByTestId('local-api-dialog-test').click();
  const result = dialog.getByTestId('local-api-dialog-test-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText(`It works: 1 model listed, and ${model} answered “`);
  expect(await axeFindings(page)).toEqual([]);
  await dialog.getByTestId('local-api-secret-done').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // The Test's two requests, newest first, under the key's name; its totals beside them.
  const rows = page.getByTestId('local-api-request');
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId('local-api-request-key')).toHaveText(['e2e script', 'e2e script']);
  await expect(rows.first().getByTestId('local-api-request-model')).toHaveText(model);
  await expect(rows.getByTestId('local-api-request-status')).toHaveText(['200', '200']);
  const total = page.locator('[data-testid="local-api-total"][data-key-name="e2e script"]');
  await expect(total.getByTestId('local-api-total-requests')).toHaveText('2');
  await rows.first().click();
  await expect(page.getByTestId('local-api-entry-no-bodies')).toBeVisible();
  await page.getByTestId('local-api-entry-close').click();

  // Another program with the key: it works, and its request joins the log live.
  expect(await listModels(baseUrl, secret)).toEqual({ status: 200, models: [model] });
  await expect(rows).toHaveCount(3);
  expect(await axeFindings(page)).toEqual([]);
  // Tall enough for the whole page, from its title to the settings.
  await page.setViewportSize({ width: 1280, height: 1760 });
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(repoRoot, 'docs', 'local-api.png') });

  const key = page.getByTestId('local-api-key');
  await key.getByTestId('local-api-key-revoke').click();
  await expect(key).toContainText('Revoke “e2e script”? Programs using it will be refused.');
  await key.getByTestId('local-api-key-revoke-confirm').click();
  await expect(key).toHaveAttribute('data-revoked', 'true');
  await expect(key.getByTestId('local-api-key-state')).toContainText(/^revoked /);
  expect((await listModels(baseUrl, secret)).status).toBe(401);
  await expect(rows.first().getByTestId('local-api-request-status')).toHaveText('401');
});
