// axe-core over every page and dialog of the app, in English and in Chinese: any violation fails the run, whatever its
// impact (the moderate landmark and heading findings are fixed too), and the counts per page are printed either way.
// Real browser host, real Chromium, the real llama-server for the streamed answer and as the knowledge base's
// embedding server (the Knowledge page is audited empty, then with a base, its files, a search and an open passage).
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { assistantMessages, loadTinyModel, sendMessage, setMaxTokens } from './steps';

// The page's CSP refuses script tags, so the library goes in as evaluated source.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What one axe run found, per rule. */
interface Finding {
  page: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** A saved chat whose answer holds a task list and code, so the markdown renderer's output is audited too. */
const MARKDOWN_ANSWER = [
  'Steps:',
  '',
  '- [x] read the file',
  '- [ ] write the test',
  '',
  '```ts',
  'const answer = 42;',
  '```',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
].join('\n');

let host: RunningHost;
/** The knowledge base's files: one that is indexed, and an empty one that fails with its reason on its row. */
let notesDir: string;

test.beforeAll(async () => {
  notesDir = await mkdtemp(join(tmpdir(), 'eva-e2e-axe-notes-'));
  await writeFile(join(notesDir, 'notes.md'), '# Field notes\n\nThe okapi feeds at the forest edge.\n');
  await writeFile(join(notesDir, 'empty.txt'), '');
  host = await startHost();
  await setMaxTokens(host.url, 8);
  const client = await connectHost(host.url);
  for (const question of ['a checklist please', 'another chat'])
    await client.invoke('history:import', {
      text: JSON.stringify([
        { role: 'user', content: question },
        { role: 'assistant', content: MARKDOWN_ANSWER },
      ]),
    });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

async function setLanguage(language: 'en' | 'zh'): Promise<void> {
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { language });
  client.close();
}

/**
 * The knowledge base the Knowledge page is audited with, made once through the core (the first run audits the page
 * empty before it): the tiny model as the embedder, accepted though it is a chat model, and the notes folder indexed.
 */
async function ensureKnowledgeBase(): Promise<void> {
  const client = await connectHost(host.url);
  try {
    if ((await client.invoke('knowledge:list')).bases.length > 0) return;
    await client.invoke('settings:update', {
      knowledge: { embedder: { kind: 'local', modelPath: tinyModel, acceptedChatModel: tinyModel } },
    });
    const base = await client.invoke('knowledge:create', { name: 'Field notes' });
    await client.invoke('knowledge:add', { id: base.id, paths: [notesDir] });
    await expect
      .poll(async () => (await client.invoke('knowledge:list')).bases[0]?.files.map((file) => file.state).sort(), {
        timeout: 120_000,
      })
      .toEqual(['failed', 'indexed']);
  } finally {
    client.close();
  }
}

/** A comparison of the tiny model and the tiny model trained for 16K tokens, run once through the core. */
async function ensureCompareRun(): Promise<void> {
  const client = await connectHost(host.url);
  try {
    if ((await client.invoke('compare:list')).runs.length > 0) return;
    await client.invoke('compare:start', {
      entrants: [tinyModel, testAssets.tinyLongModel].map((path) => ({ kind: 'file' as const, path })),
      prompts: ['Name a river.'],
      settings: { systemPrompt: '', sampling: { temperature: 0, max_tokens: 8 }, contextSize: 512, blind: false },
    });
    await expect
      .poll(async () => (await client.invoke('compare:list')).runs[0]?.running, { timeout: 60_000 })
      .toBe(false);
  } finally {
    client.close();
  }
}

/** Runs axe on the page as it is now and records what it found under `name`. */
async function audit(page: Page, name: string, findings: Finding[], counts: Map<string, string>): Promise<void> {
  // A panel still sliding in is half transparent: its colours are measured once it has arrived.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: Array<{ target: unknown[]; failureSummary?: string }>;
    }
    const result = await axe.run(document);
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      nodes: violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`),
    }));
  });
  for (const violation of violations) findings.push({ page: name, ...violation });
  const nodes = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  counts.set(name, `${violations.length} rules / ${nodes} nodes`);
}

/** Opens a dialog with its button, audits it, and closes it with Esc. */
async function auditDialog(
  page: Page,
  opener: string,
  dialog: string,
  name: string,
  findings: Finding[],
  counts: Map<string, string>,
): Promise<void> {
  await expect(page.locator('[role="dialog"]')).toHaveCount(0);
  await page.getByTestId(opener).click();
  await expect(page.getByTestId(dialog)).toBeVisible();
  await audit(page, name, findings, counts);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(dialog)).toHaveCount(0);
}

// Both languages in the light scheme, and English once more in the dark one: the colours are checked in each.
const RUNS = [
  { language: 'en', scheme: 'light' },
  { language: 'zh', scheme: 'light' },
  { language: 'en', scheme: 'dark' },
] as const;

for (const { language, scheme } of RUNS) {
  test(`axe finds no violation on any page or dialog (${language}, ${scheme})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme });
    await setLanguage(language);
    const findings: Finding[] = [];
    const counts = new Map<string, string>();
    await page.goto(host.url);
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
    await expect(page.getByTestId('history-item')).not.toHaveCount(0);
    await audit(page, 'home, no model', findings, counts);

    await page.getByTestId('load-open').click();
    await expect(page.getByTestId('load-dialog')).toBeVisible();
    for (const tab of ['local', 'discover', 'link', 'pool']) {
      await page.getByTestId(`load-tab-${tab}`).click();
      await audit(page, `load dialog: ${tab}`, findings, counts);
    }
    await page.getByTestId('load-tab-local').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('load-dialog')).toHaveCount(0);

    // A model that is already loaded (the first language's run) is kept; the second run only opens the chat.
    if ((await page.getByTestId('status-state').getAttribute('data-state')) !== 'ready') await loadTinyModel(page);
    await page.getByTestId('history-open').last().click();
    await expect(page.locator('.task-list-item, li:has(> input[type="checkbox"])').first()).toBeVisible();
    await sendMessage(page, 'and one more');
    await expect(assistantMessages(page).last()).toHaveAttribute('data-status', /done|stopped/);
    await audit(page, 'chat with answers', findings, counts);

    await page.getByTestId('history-menu').first().click();
    await expect(page.getByTestId('history-menu-list')).toBeVisible();
    await audit(page, 'history row menu', findings, counts);
    await page.keyboard.press('Escape');

    await page.getByTestId('context-meter-button').click();
    await audit(page, 'context meter', findings, counts);
    await page.keyboard.press('Escape');

    // On a wide window the Parameters panel docks beside the chat: its own button closes it.
    await page.getByTestId('parameters-toggle').click();
    await expect(page.getByTestId('parameters-context')).toContainText(/\d/);
    await audit(page, 'Parameters', findings, counts);
    await page.getByTestId('parameters-toggle').click();
    await expect(page.getByTestId('parameters-panel')).toHaveCount(0);
    await auditDialog(page, 'tools-open', 'tools-panel', 'Tools', findings, counts);
    await auditDialog(page, 'hotkeys-open', 'hotkeys-panel', 'Hotkeys', findings, counts);
    await auditDialog(page, 'voice-open', 'voice-panel', 'Voice', findings, counts);

    await page.getByTestId('open-about').click();
    await audit(page, 'About', findings, counts);

    await page.getByTestId('open-expend').click();
    for (const tab of ['log', 'mcp', 'knowledge', 'model-info', 'workshop', 'images', 'compare', 'local-api']) {
      await page.getByTestId(`open-${tab}`).click();
      await expect(page.getByTestId(`open-${tab}`)).toHaveAttribute('aria-current', 'page');
      await audit(page, tab, findings, counts);
    }

    // The Compare page with a saved run of two models open: its columns, figures, votes and follow-up.
    await ensureCompareRun();
    await page.getByTestId('open-compare').click();
    await page.getByTestId('compare-saved-open').first().click();
    await expect(page.locator('[data-testid="compare-answer"][data-status="done"]')).toHaveCount(2);
    await audit(page, 'compare, a run', findings, counts);

    // The Knowledge page with a base: its files (indexed, failed), the embedding model, a search's passages, and one
    // of them open in its source. The page reads the settings the base was made with when it loads.
    await ensureKnowledgeBase();
    await page.reload();
    await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
    if (!(await page.getByTestId('open-knowledge').isVisible())) await page.getByTestId('open-expend').click();
    await page.getByTestId('open-knowledge').click();
    await expect(page.getByTestId('knowledge-file')).toHaveCount(2);
    await expect(page.getByTestId('knowledge-embedder-model')).toHaveValue(tinyModel);
    await page.getByTestId('knowledge-query').fill('okapi');
    await page.getByTestId('knowledge-search').click();
    await expect(page.getByTestId('knowledge-citation')).not.toHaveCount(0);
    await audit(page, 'knowledge, a base', findings, counts);
    await page.getByTestId('knowledge-citation').first().click();
    await expect(page.getByTestId('knowledge-passage').locator('mark')).toContainText('okapi');
    await audit(page, 'knowledge passage', findings, counts);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('knowledge-passage')).toHaveCount(0);

    console.log(
      `axe (${language}, ${scheme}):\n${[...counts].map(([name, count]) => `  ${name.padEnd(24)} ${count}`).join('\n')}`,
    );
    const blocking = findings;
    for (const finding of findings)
      console.log(`  [${finding.impact}] ${finding.page}: ${finding.rule}\n    ${finding.nodes.join('\n    ')}`);
    expect(
      blocking.map((finding) => `${finding.page}: ${finding.rule} (${finding.nodes.length})`),
      'axe violations',
    ).toEqual([]);
  });
}
