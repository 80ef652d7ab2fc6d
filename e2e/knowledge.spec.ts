// The knowledge base (知识库) in real Chromium against the real browser host: a
// real embedding llama-server on the tiny test model, real files of every type
// (text, Markdown, code, HTML, PDF, DOCX) and a bad one, a folder chosen with
// the app's file browser and a file by its typed path, a search whose passage
// opens in its source, and a chat with the composer's knowledge toggle whose
// answer cites its passages, still there after a reload.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { makeDocumentFolder } from '@test-support/knowledge/document-fixtures';
import { loadTinyModel, setMaxTokens } from './steps';

let host: RunningHost;
let docsDir: string;
let loose: string;

test.beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'eva-e2e-knowledge-'));
  await makeDocumentFolder(root);
  docsDir = join(root, 'docs');
  // The bad file: nothing to index, and it says so on its own row.
  await writeFile(join(docsDir, 'empty.txt'), '');
  // Outside the folder, added by its typed path.
  loose = join(root, 'loose-notes.md');
  await writeFile(loose, '# Loose notes\n\nThe okapi feeds at the forest edge.\n');
  host = await startHost();
  await setMaxTokens(host.url, 16);
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** The Knowledge page: a tab of its own, or one of the Expend window's tabs. */
async function openKnowledge(page: Page): Promise<void> {
  if (!(await page.getByTestId('open-knowledge').isVisible())) await page.getByTestId('open-expend').click();
  await page.getByTestId('open-knowledge').click();
  await expect(page.getByTestId('knowledge-page')).toBeVisible();
}

/** In the file browser: up to the root, then down folder by folder (double-click) to `folder`. */
async function browseTo(page: Page, folder: string): Promise<void> {
  const up = page.getByTestId('browse-up');
  await expect(page.getByTestId('browse-path')).not.toHaveText('');
  while (await up.isEnabled()) {
    const at = await page.getByTestId('browse-path').textContent();
    await up.click();
    await expect(page.getByTestId('browse-path')).not.toHaveText(at ?? '');
  }
  for (const name of folder.split(sep).filter(Boolean)) {
    await page
      .getByTestId('browse-entry')
      .filter({
        has: page.locator('.browse-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
      })
      .dblclick();
    await expect(page.getByTestId('browse-path')).toHaveText(
      new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  }
}

/**
 * Each file of the base by name: its state, and for a failed one the reason shown and the underlying error (on hover).
 */
async function fileStates(
  page: Page,
): Promise<Array<{ name: string; state: string; reason?: string; detail?: string }>> {
  const rows = await page.getByTestId('knowledge-file').evaluateAll((elements) =>
    elements.map((row) => {
      const name = row.querySelector('.knowledge-file-path')?.textContent?.split(/[\\/]/).pop() ?? '';
      const status = row.querySelector('[data-testid="knowledge-file-status"]');
      const state = (row as HTMLElement).dataset.state ?? '';
      return state === 'failed'
        ? { name, state, reason: status?.textContent ?? '', detail: status?.getAttribute('title') ?? '' }
        : { name, state };
    }),
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

const lastAnswer = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').last();

test('knowledge base: embed, index a folder with a bad file, search, and a chat that cites its passages after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(host.url);
  await loadTinyModel(page);
  await openKnowledge(page);

  // The embedding model, and the Test button's figures from the real server.
  await page.getByTestId('knowledge-embedder-model').fill(tinyModel);
  await page.getByTestId('knowledge-embedder-model').press('Tab');
  // The tiny model is a llama, a chat model: the page says so before starting it, and starts it when insisted on.
  await expect(page.getByTestId('knowledge-embedder-warning')).toContainText('This looks like a chat model');
  await page.getByTestId('knowledge-embedder-test').click();
  await page.getByTestId('knowledge-embedder-insist').click();
  await expect(page.getByTestId('knowledge-embedder-result')).toContainText(
    /^Vectors of 64 dimensions \(\d+ ms\)\. Similarity of two related sentences -?\d\.\d{2}; of two unrelated ones -?\d\.\d{2}\./,
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('knowledge-embedder-state')).toContainText('Ready');

  await page.getByTestId('knowledge-new-name').fill('Field notes');
  await page.getByTestId('knowledge-create').click();
  await expect(page.getByTestId('knowledge-base-name')).toHaveText('Field notes');

  // A whole folder, chosen with the app's file browser (every file shows, not only models).
  await page.getByTestId('knowledge-browse').click();
  await expect(page.getByTestId('browse-dialog')).toBeVisible();
  await browseTo(page, docsDir);
  await expect(page.getByTestId('browse-entry').filter({ hasText: 'report.pdf' })).toHaveCount(1);
  await page.getByTestId('browse-choose-folder').click();
  await expect(page.getByTestId('browse-dialog')).toHaveCount(0);
  // And one file by its typed path.
  await page.getByTestId('knowledge-add-path').fill(loose);
  await page.getByTestId('knowledge-add').click();

  await expect(page.getByTestId('knowledge-progress')).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  // Every file settled: indexed, or failed with its own reason (the underlying error, shown on hover, says more when
  // one fails unexpectedly).
  await expect
    .poll(() => fileStates(page), { timeout: 60_000 })
    .toEqual([
      { name: 'empty.txt', state: 'failed', reason: 'The file is empty', detail: expect.stringContaining('empty.txt') },
      ...['guide.md', 'letter.docx', 'loose-notes.md', 'notes.txt', 'page.html', 'report.pdf', 'tool.py'].map(
        (name) => ({ name, state: 'indexed' }),
      ),
    ]);

  // A keyword finds its passage, which opens in its source.
  await page.getByTestId('knowledge-query').fill('quokkafish');
  await page.getByTestId('knowledge-search').click();
  const found = page.getByTestId('knowledge-citation').filter({ hasText: 'guide.md' });
  await expect(found).toHaveCount(1);
  await found.click();
  await expect(page.getByTestId('knowledge-passage').locator('mark')).toContainText('quokkafish');
  await expect(page.getByTestId('knowledge-passage')).toContainText(join(docsDir, 'guide.md'));
  await page.getByTestId('knowledge-passage').getByRole('button').click();
  // PDF pages are cited by page.
  await page.getByTestId('knowledge-query').fill('pangolin');
  await page.getByTestId('knowledge-search').click();
  await expect(page.getByTestId('knowledge-citation').filter({ hasText: 'report.pdf, page 2' })).toHaveCount(1);

  // The chat, with the knowledge base switched on in the composer.
  await page.locator('.brand').click();
  // Its state is the setting's: it turns on once the core has saved it.
  await page.getByTestId('chat-knowledge-toggle').click();
  await expect(page.getByTestId('chat-knowledge-toggle')).toBeChecked();
  await page.getByTestId('chat-input').fill('Where does the quokkafish live?');
  await page.getByTestId('chat-input').press('Control+Enter');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
  const cited = lastAnswer(page).getByTestId('answer-citations').getByTestId('cited-passage');
  await expect(cited.filter({ hasText: 'guide.md' })).toHaveCount(1);
  await cited.filter({ hasText: 'guide.md' }).click();
  await expect(page.getByTestId('knowledge-passage').locator('mark')).toContainText('quokkafish');
  await page.getByTestId('knowledge-passage').getByRole('button').click();
  await expect(page.getByTestId('knowledge-passage')).toHaveCount(0);
  const shown = await cited.allTextContents();

  // Saved with the answer: a reload reopens the conversation, citations and all.
  await page.reload();
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
  const again = lastAnswer(page).getByTestId('answer-citations').getByTestId('cited-passage');
  await expect(again).toHaveText(shown);
  await again.filter({ hasText: 'guide.md' }).click();
  await expect(page.getByTestId('knowledge-passage').locator('mark')).toContainText('quokkafish');
});
