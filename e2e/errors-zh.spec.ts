// Errors in the Chinese UI, in real Chromium against the real browser host: a text file named .gguf in a library
// folder, and an MCP configuration whose JSON is broken, are each said in one Chinese sentence with the next step —
// never an English reason inside a Chinese frame. The screenshots are kept in docs/.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';

let host: RunningHost;
const CJK = /[\u4e00-\u9fff]/;
/** An English word of three letters or more: what a raw core or parser message would carry. */
const ENGLISH_WORD = /\b[A-Za-z]{3,}\b/;

test.beforeAll(async () => {
  const modelsDir = await mkdtemp(join(tmpdir(), 'eva-e2e-errors-zh-'));
  await writeFile(join(modelsDir, 'notes.gguf'), 'These are notes, not a model.\n');
  host = await startHost();
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { language: 'zh' });
  await client.invoke('models:set-folders', { folders: [modelsDir] });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

async function openExpendTab(page: Page, testId: string): Promise<void> {
  if (!(await page.getByTestId(testId).isVisible())) await page.getByTestId('open-expend').click();
  await page.getByTestId(testId).click();
}

test('a text file named .gguf in My models is refused in one Chinese sentence with what to do', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('load-open').click();
  const problem = page.getByTestId('library-problem');
  await expect(problem).toHaveCount(1);
  const text = (await problem.textContent()) ?? '';
  expect(text).toMatch(CJK);
  expect(text.replace(/GGUF|\.gguf/g, '')).not.toMatch(ENGLISH_WORD);
  await page.screenshot({ path: join(repoRoot, 'docs', 'errors-zh-library.png') });
});

test('a broken MCP configuration says where the JSON breaks, in Chinese', async ({ page }) => {
  await page.goto(host.url);
  await openExpendTab(page, 'open-mcp');
  const editor = page.getByTestId('mcp-config');
  await editor.fill('{\n  "mcpServers": {\n    "files": { command: "npx" }\n  }\n}');
  const issues = page.getByTestId('mcp-issues');
  await expect(issues).toContainText(CJK);
  const text = (await issues.textContent()) ?? '';
  expect(text).toMatch(/3/);
  expect(text).not.toMatch(/Expected|position/);
  await page.screenshot({ path: join(repoRoot, 'docs', 'errors-zh-mcp.png') });
});
