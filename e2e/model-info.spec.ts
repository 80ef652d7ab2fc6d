// The Model info page (模型信息) in real Chromium against the real browser host:
// before a load it says so and reads files picked with the app's file browser or
// from the library (a real GGUF, a text file named .gguf, a download cut short);
// with the tiny test model loaded it shows what the generator wrote into it —
// summary, quantization, tensors, chat template, special tokens, a searchable
// vocabulary — and the real server's slot filling up as a chat runs.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CHAT_TEMPLATE } from '@scripts/fixtures/make-test-model';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { sampleModel } from '@test-support/hf/gguf-samples';
import { connectHost } from '@test-support/ws-client';
import { loadTinyModel, setMaxTokens } from './steps';

let host: RunningHost;
let modelsDir: string;

test.beforeAll(async () => {
  modelsDir = await mkdtemp(join(tmpdir(), 'eva-e2e-model-info-'));
  await writeFile(
    join(modelsDir, 'e2e-sample-Q4_K_M.gguf'),
    sampleModel({ name: 'E2E Sample', fileType: 15, sizeLabel: '1B', context: 8192 }),
  );
  await writeFile(join(modelsDir, 'notes.gguf'), 'These are notes, not a model.\n');
  await writeFile(join(modelsDir, 'cut-short.gguf'), (await readFile(tinyModel)).subarray(0, 200_000));
  host = await startHost();
  await setMaxTokens(host.url, 24);
  const client = await connectHost(host.url);
  await client.invoke('models:set-folders', { folders: [modelsDir] });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** The Model info page: one of the Expend window's tabs. */
async function openModelInfo(page: Page): Promise<void> {
  if (!(await page.getByTestId('open-model-info').isVisible())) await page.getByTestId('open-expend').click();
  await page.getByTestId('open-model-info').click();
  await expect(page.getByTestId('model-info-page')).toBeVisible();
}

const fact = (page: Page, field: string) =>
  page.getByTestId('model-info-summary').locator(`[data-field="${field}"] dd`);

/**
 * In the file browser: the library folder from its places (listing all of /tmp would be slow), then `file`, chosen by
 * keyboard.
 */
async function browseToFile(page: Page, file: string): Promise<void> {
  const browser = page.getByTestId('browse-dialog');
  await expect(browser).toBeVisible();
  await browser.locator(`.browse-place[title="${modelsDir}"]`).click();
  await expect(page.getByTestId('browse-path')).toHaveText(modelsDir);
  // .gguf files only, whatever is inside them.
  await expect(page.getByTestId('browse-entry').locator('.browse-name')).toHaveText([
    'cut-short.gguf',
    'e2e-sample-Q4_K_M.gguf',
    'notes.gguf',
  ]);
  const entry = page.getByTestId('browse-entry').filter({ hasText: file });
  await entry.click();
  // Enter opens the entry the list has marked: on a busy machine the click's mark can land after the key press.
  await expect(entry).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('browse-list').press('Enter');
  await expect(browser).toHaveCount(0);
}

test('before a load: says no model runs, and reads files from the file browser and the library, wording bad ones', async ({
  page,
}) => {
  await page.goto(host.url);
  await openModelInfo(page);
  await expect(page.getByTestId('model-info-none')).toBeVisible();
  await expect(page.getByTestId('model-info-live')).toHaveAttribute('data-state', 'stopped');

  await page.getByTestId('model-info-browse').click();
  await browseToFile(page, 'e2e-sample-Q4_K_M.gguf');
  await expect(page.getByTestId('model-info-path')).toHaveText(join(modelsDir, 'e2e-sample-Q4_K_M.gguf'));
  await expect(fact(page, 'name')).toHaveText('E2E Sample');
  await expect(fact(page, 'file-type')).toHaveText('Q4_K_M');
  await expect(fact(page, 'context')).toHaveText('8,192');
  await expect(page.getByTestId('tensor-row')).toHaveCount(2);
  await expect(page.getByTestId('vocab-pager-range')).toHaveText('1–16 of 16 found (16 in all)');

  // A text file with a model's name, and a download stopped part way: each says what is wrong, in words.
  const notes = join(modelsDir, 'notes.gguf');
  await page.getByTestId('model-info-browse').click();
  await browseToFile(page, 'notes.gguf');
  await expect(page.getByTestId('model-info-error')).toHaveText(
    `${notes} is not a GGUF model file: it does not start with the GGUF signature. Choose a .gguf file.`,
  );
  await expect(page.getByTestId('model-info-summary')).toHaveCount(0);
  await page.getByTestId('model-info-typed-path').fill(join(modelsDir, 'cut-short.gguf'));
  await page.getByTestId('model-info-open').click();
  await expect(page.getByTestId('model-info-error')).toContainText('cut-short.gguf is cut short');

  // The library lists the folder's models (the broken ones with them); picking one shows it.
  await page.getByTestId('model-info-library').selectOption({ label: 'E2E Sample (e2e-sample-Q4_K_M.gguf)' });
  await expect(fact(page, 'name')).toHaveText('E2E Sample');
  await expect(page.getByTestId('model-info-error')).toHaveCount(0);
});

test('with the tiny model loaded: what the generator wrote into it, a searchable vocabulary, and its slot filling as a chat runs', async ({
  page,
}) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  await openModelInfo(page);
  await expect(page.getByTestId('model-info-path')).toHaveText(tinyModel);
  await expect(fact(page, 'name')).toHaveText('tiny-llama-test');
  await expect(fact(page, 'architecture')).toHaveText('llama');
  await expect(fact(page, 'file-type')).toHaveText('F16');
  // 2 × 64 × 32,000 embeddings and output, the output norm, and two layers of 41,088 weights.
  await expect(fact(page, 'parameters')).toHaveText('4.18 M (4,178,240)');
  await expect(fact(page, 'context')).toHaveText('2,048');
  await expect(fact(page, 'layers')).toHaveText('2');
  await expect(fact(page, 'heads')).toHaveText('4 (4 for keys and values)');
  await expect(fact(page, 'tensors')).toHaveText('21');
  await expect(fact(page, 'vocabulary')).toHaveText('32,000 tokens, 0 merges');
  // Matrices in f16, norms in f32, as the generator writes them.
  await expect(page.getByTestId('quant-row').locator('td:nth-child(1)')).toHaveText(['F16', 'F32']);
  await expect(page.getByTestId('quant-row').locator('td:nth-child(2)')).toHaveText(['16', '5']);

  await expect(page.getByTestId('tensor-row')).toHaveCount(21);
  await page.getByTestId('tensor-query').fill('attn_q');
  await page.getByTestId('tensor-search').click();
  await expect(page.getByTestId('tensor-row')).toHaveCount(2);
  await expect(page.getByTestId('tensor-row').first()).toContainText('blk.0.attn_q.weight');
  await expect(page.getByTestId('tensor-row').first()).toContainText('64 × 64');

  expect(await page.getByTestId('chat-template').textContent()).toBe(CHAT_TEMPLATE);
  await expect(page.getByTestId('special-token')).toHaveText([/bos.*1\s*<s>$/, /eos.*2\s*<\/s>$/, /unk.*0\s*<unk>$/]);

  // The vocabulary crosses 50 tokens at a time; a space finds SentencePiece's ▁.
  await expect(page.getByTestId('vocab-pager-range')).toHaveText('1–50 of 32,000 found (32,000 in all)');
  await page.getByTestId('vocab-pager-next').click();
  await expect(page.getByTestId('vocab-row').first()).toHaveAttribute('data-id', '50');
  await page.getByTestId('vocab-query').fill(' the');
  await page.getByTestId('vocab-search').click();
  await expect(page.getByTestId('vocab-pager-range')).toHaveText(/^1–(\d+) of \1 found \(32,000 in all\)$/);
  expect(await page.getByTestId('vocab-row').count()).toBeGreaterThan(10);
  for (const text of await page.getByTestId('vocab-row').locator('code').allTextContents())
    expect(text.toLowerCase()).toContain('▁the');
  await page.getByTestId('vocab-query').fill('<0x0A>');
  await page.getByTestId('vocab-search').click();
  await expect(page.getByTestId('vocab-row')).toHaveCount(1);
  await expect(page.getByTestId('vocab-row')).toHaveAttribute('data-id', '13');
  await expect(page.getByTestId('vocab-row')).toContainText('byte');

  // The live view: the real server's /props and its one slot, empty before the first chat.
  await expect(page.getByTestId('model-info-live')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('live-props')).toContainText('context 2,048 per slot · 1 slot');
  const slot = page.getByTestId('live-slot');
  await expect(slot).toHaveCount(1);
  await expect(slot).toHaveAttribute('data-tokens', '0');

  await page.getByTestId('open-expend').click();
  await page.getByTestId('chat-input').fill('Tell me about the weather in spring.');
  await page.getByTestId('chat-input').press('Control+Enter');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toHaveAttribute(
    'data-status',
    'done',
  );
  await openModelInfo(page);
  // The slot now holds the chat's prompt (template, question) and its 24-token answer.
  await expect
    .poll(async () => Number(await slot.getAttribute('data-tokens')), { timeout: 10_000 })
    .toBeGreaterThan(30);
  await expect(page.getByTestId('live-slot-use')).toHaveText(/^\d+ of 2,048 tokens \(\d+(\.\d)?%\)$/);
});
