// Speculative decoding as a user sets it up: the Load dialog's Advanced part takes a draft model; a draft with
// another vocabulary is refused in one sentence and nothing starts; the right one loads, and the answer's speed line
// says how many of the draft's guesses the model kept, still after the page is reloaded and the conversation
// reopened. Real browser host, real llama-server, real Chromium.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { makeSpeculativePair, writeTinyDraft } from '@scripts/fixtures/make-speculative-pair';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { assistantMessages, sendMessage, setMaxTokens } from './steps';

let host: RunningHost;
let target = '';
const dir = mkdtempSync(join(tmpdir(), 'eva-e2e-speculative-'));
const otherVocab = join(dir, 'gpt2-vocab.gguf');

test.beforeAll(async () => {
  target = (await makeSpeculativePair({ repoRoot: testAssets.root, log: () => undefined })).target;
  await writeTinyDraft(testAssets.root, otherVocab, { seed: 5, vocabFile: join('models', 'ggml-vocab-gpt-2.gguf') });
  host = await startHost();
  await setMaxTokens(host.url, 64);
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

test('a draft model from the load dialog: refused with another vocabulary, then its guesses shown with the answer', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('load-open').click();
  await page.getByTestId('model-path').fill(target);
  await page.getByTestId('load-advanced').locator('summary').click();
  await page.getByTestId('spec-mode').selectOption('draft');
  await page.getByTestId('spec-draft-path').fill(otherVocab);
  await page.getByTestId('load-submit').click();
  await expect(page.getByTestId('load-error')).toContainText(
    `The draft model ${otherVocab} cannot speed up spec-target-tiny.gguf: it uses the gpt2 tokenizer and the model uses llama.`,
  );
  await expect(page.getByTestId('status-state')).not.toHaveAttribute('data-state', 'ready');

  await page.getByTestId('spec-draft-path').fill(tinyModel);
  await page.getByTestId('load-submit').click();
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  await sendMessage(page, 'Tell me about the sea.');
  const answer = assistantMessages(page).last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  const draftLine = /^draft \d+\/\d+ accepted \(\d+%\)$/;
  await expect(answer.getByTestId('chat-draft')).toHaveText(draftLine);
  const shown = await answer.getByTestId('chat-draft').textContent();

  await page.reload();
  await page.getByTestId('history-open').first().click();
  await expect(assistantMessages(page).last().getByTestId('chat-draft')).toHaveText(shown ?? '');
});
