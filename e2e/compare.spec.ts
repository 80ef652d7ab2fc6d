// Compare, as a user runs it: three real models from the library side by side in the Compare tab (the tiny model,
// the tiny model trained for 16K tokens and the speculative target), their answers streamed with the figures
// llama-server and this machine gave, a follow-up to every column, each export format downloaded and read back;
// then a blind run whose names and figures stay hidden until a vote, which is saved. Real browser host, real
// llama-servers, real Chromium.
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';

let host: RunningHost;
const library = mkdtempSync(join(tmpdir(), 'eva-e2e-compare-'));
const models = [testAssets.tinyModel, testAssets.tinyLongModel, testAssets.specTarget].map((source) => {
  const path = join(library, basename(source));
  copyFileSync(source, path);
  return path;
});

test.beforeAll(async () => {
  host = await startHost();
  const client = await connectHost(host.url);
  await client.invoke('models:set-folders', { folders: [library] });
  await client.invoke('settings:update', { language: 'en' });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

async function openCompare(page: Page): Promise<void> {
  await page.goto(host.url);
  await page.getByTestId('open-expend').click();
  await page.getByTestId('open-compare').click();
  await expect(page.getByTestId('compare-page')).toBeVisible();
}

/** Chooses a model for each column (adding columns as needed) and the settings every column shares. */
async function fillForm(page: Page, paths: readonly string[], prompt: string): Promise<void> {
  for (const [index, path] of paths.entries()) {
    if (index >= 2) await page.getByTestId('compare-add-slot').click();
    await page.getByTestId('compare-slot').nth(index).selectOption(`file:${path}`);
  }
  await page.getByTestId('compare-prompts').fill(prompt);
  await page.getByTestId('compare-temperature').fill('0');
  await page.getByTestId('compare-maxTokens').fill('16');
  await page.getByTestId('compare-contextSize').fill('512');
}

const answers = (page: Page, turn: number) => page.locator(`[data-testid="compare-answer"][data-turn="${turn}"]`);

/** The text of the file a click on `button` downloads. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByTestId(button).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

test('three models side by side: answers with their figures, a follow-up to all, and every export', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openCompare(page);
  await fillForm(page, models, 'Tell me about rivers.');
  await expect(page.getByTestId('compare-plan')).toHaveAttribute('data-mode', 'parallel');
  await expect(page.getByTestId('compare-plan')).toContainText('They run together');
  await page.getByTestId('compare-start').click();

  await expect(answers(page, 0)).toHaveCount(3);
  for (const answer of await answers(page, 0).all()) {
    await expect(answer).toHaveAttribute('data-status', 'done');
    await expect(answer.getByTestId('compare-answer-text')).not.toBeEmpty();
    const figures = answer.getByTestId('compare-figures');
    await expect(figures.locator('[data-figure="rate"]')).toContainText(/\d tok\/s/);
    await expect(figures.locator('[data-figure="prompt"]')).toContainText(/prompt \d/);
    await expect(figures.locator('[data-figure="ttft"]')).toContainText(/first token \d/);
    await expect(figures.locator('[data-figure="memory"]')).toContainText(/peak \d+(\.\d)? MiB/);
    await expect(figures.locator('[data-figure="context"]')).toContainText(/context \d+ \/ 512/);
  }
  await expect(page.getByTestId('compare-column-name')).toHaveText([
    'tiny-llama',
    'tiny-llama-long',
    'spec-target-tiny',
  ]);
  await expect(page.getByTestId('compare-run-schedule')).toHaveAttribute('data-mode', 'parallel');
  await expect(page.getByTestId('compare-form')).toHaveCount(0);

  await page.getByTestId('compare-follow-up').fill('And the sea?');
  await page.getByTestId('compare-follow-up-send').click();
  await expect(answers(page, 1)).toHaveCount(3);
  for (const answer of await answers(page, 1).all()) await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('compare-turn-prompt').nth(1)).toHaveText('And the sea?');
  // Tall enough for both prompts' rows of answers with their figures.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.getByTestId('compare-run').screenshot({ path: join(repoRoot, 'docs', 'compare-three-models.png') });

  const json = await downloaded(page, 'compare-export-json');
  expect(json.name).toMatch(/^compare-tell-me-about-rivers-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(json.text) as {
    format: string;
    run: {
      turns: unknown[];
      columns: Array<{ name: string; answers: Array<{ content: string; figures: { tokensPerSecond: number } }> }>;
    };
  };
  expect(exported.format).toBe('eva-compare');
  expect(exported.run.turns).toHaveLength(2);
  expect(exported.run.columns.map((column) => column.name)).toEqual([
    'tiny-llama',
    'tiny-llama-long',
    'spec-target-tiny',
  ]);
  for (const column of exported.run.columns)
    for (const answer of column.answers) {
      expect(answer.content.length).toBeGreaterThan(0);
      expect(answer.figures.tokensPerSecond).toBeGreaterThan(0);
    }
  const shown = await page.getByTestId('compare-answer-text').first().textContent();
  expect(exported.run.columns[0]!.answers[0]!.content.replace(/\s+/g, '')).toBe(shown!.replace(/\s+/g, ''));

  const csv = await downloaded(page, 'compare-export-csv');
  const rows = csv.text.trimEnd().split('\r\n');
  expect(rows[0]).toBe(
    'run,title,turn,prompt,column,model,status,ttft_ms,tokens_per_s,prompt_tokens_per_s,prompt_tokens,cached_tokens,generated_tokens,context_used,n_ctx,peak_rss_bytes,memory_measured,load_ms,best,answer',
  );
  expect(rows.filter((row) => /,(A|B|C),(tiny-llama|tiny-llama-long|spec-target-tiny),done,/.test(row))).toHaveLength(
    6,
  );

  const markdown = await downloaded(page, 'compare-export-markdown');
  expect(markdown.name).toMatch(/\.md$/);
  expect(markdown.text).toContain('# Tell me about rivers.');
  expect(markdown.text).toContain('## Turn 2 (follow-up)');
  expect(markdown.text).toContain('| A | tiny-llama |');
  expect(markdown.text).toContain('### C · spec-target-tiny');
});

test('blind: letters only until the vote, which shows the models and is saved', async ({ page }) => {
  await openCompare(page);
  await fillForm(page, models.slice(0, 2), 'Which is better?');
  await page.getByTestId('compare-blind').check();
  await page.getByTestId('compare-start').click();
  const run = page.getByTestId('compare-run');
  await expect(run).toHaveAttribute('data-hidden', 'true');
  for (const answer of await answers(page, 0).all()) await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('compare-column-name')).toHaveText(['hidden until you vote', 'hidden until you vote']);
  await expect(page.getByTestId('compare-figures')).toHaveCount(0);
  await expect(page.getByTestId('compare-figures-hidden')).toHaveCount(2);

  await answers(page, 0).nth(1).getByTestId('compare-vote').click();
  await expect(run).toHaveAttribute('data-hidden', 'false');
  await expect(answers(page, 0).nth(1).getByTestId('compare-vote')).toHaveAttribute('aria-pressed', 'true');
  const names = await page.getByTestId('compare-column-name').allTextContents();
  expect([...names].sort()).toEqual(['tiny-llama', 'tiny-llama-long']);
  await expect(page.getByTestId('compare-figures')).toHaveCount(2);

  const client = await connectHost(host.url);
  const runId = (await run.getAttribute('data-run'))!;
  const saved = await client.invoke('compare:open', { id: runId });
  expect(saved.votes).toEqual([expect.objectContaining({ turn: 0, columnId: 'b' })]);
  expect(saved.columns[1]!.name).toBe(names[1]);
  const { runs } = await client.invoke('compare:list');
  expect(runs.map((summary) => summary.id)).toContain(runId);

  // The same page in Chinese, with the first comparison reopened from the saved list.
  await client.invoke('settings:update', { language: 'zh' });
  client.close();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  if (!(await page.getByTestId('open-compare').isVisible())) await page.getByTestId('open-expend').click();
  await page.getByTestId('open-compare').click();
  await page.getByTestId('compare-saved-open').last().click();
  await expect(answers(page, 1)).toHaveCount(3);
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.getByTestId('compare-run').screenshot({ path: join(repoRoot, 'docs', 'compare-three-models-zh.png') });
});
