// @vitest-environment jsdom
// The workshop's convert pane on the in-memory platform: a Hugging Face folder
// picked with the app's file browser and its check shown, the output following
// the type, Python set up on the first conversion with progress and a log,
// Cancel, the result handed to the quantize pane or loaded with one click, and
// the folder's problems in English and Chinese, and the card a folder with its
// own Python code gets.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanupApps, manualTimers, renderWithApp } from '@renderer/test-support/render-app';
import { FAKE_CODE_HASH } from '@renderer/platform/fake-convert';
import { WorkshopView } from './WorkshopView';

afterEach(cleanupApps);

const FOLDER = '/home/user/hf/tiny-llama';
const output = () => (screen.getByTestId('convert-output') as HTMLInputElement).value;
const typeRow = (type: string) =>
  screen.getAllByTestId('convert-type').find((row) => row.getAttribute('data-type') === type)!;

async function openConvert() {
  fireEvent.click(screen.getByTestId('workshop-tab-convert'));
  await screen.findByTestId('convert-pane');
}

async function check(path: string) {
  fireEvent.change(screen.getByTestId('convert-folder'), { target: { value: path } });
  fireEvent.click(screen.getByTestId('convert-check'));
  await screen.findByTestId('convert-facts');
}

describe('the convert pane', () => {
  it('picks a folder with the file browser and shows what the check found; the output follows the type until typed', async () => {
    const { api } = await renderWithApp(<WorkshopView />, {
      platform: { modelFiles: { [`${FOLDER}/model.safetensors`]: 2_000_000_000 } },
    });
    expect(screen.getByTestId('workshop-tab-quantize').getAttribute('aria-selected')).toBe('true');
    await openConvert();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Convert a Hugging Face model to GGUF');
    fireEvent.click(screen.getByTestId('convert-browse'));
    const dialog = await screen.findByTestId('browse-dialog');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('browse-entry')
          .map((el) => el.textContent),
      ).toEqual([expect.stringContaining('hf')]),
    );
    fireEvent.doubleClick(within(dialog).getAllByTestId('browse-entry')[0]!);
    await waitFor(() => expect(within(dialog).getAllByTestId('browse-entry')[0]!.textContent).toContain('tiny-llama'));
    fireEvent.doubleClick(within(dialog).getAllByTestId('browse-entry')[0]!);
    await waitFor(() => expect(within(dialog).getByTestId('browse-path').textContent).toBe(FOLDER));
    fireEvent.click(within(dialog).getByTestId('browse-choose'));
    await screen.findByTestId('convert-facts');
    expect(api.calls.filter((c) => c.channel === 'workshop:convert-plan').map((c) => c.input)).toEqual([
      { folderPath: FOLDER },
    ]);

    expect(screen.getByTestId('convert-architecture').textContent).toBe('LlamaForCausalLMsupported');
    expect(screen.getByTestId('convert-weights').textContent).toContain(
      '1 file, 1.9 GiB · 1,000,000,000 parameters · safetensors',
    );
    expect(screen.getByTestId('convert-tokenizer').textContent).toBe('tokenizer.json, tokenizer_config.json');
    expect(screen.getByTestId('convert-ready').textContent).toBe('Ready to convert.');
    expect(screen.getByTestId('convert-python').textContent).toContain('Python environment: not set up yet.');
    expect(within(typeRow('q8_0')).getByText('≈ 1013 MiB')).toBeTruthy();

    expect(output()).toBe('/home/user/hf/tiny-llama-F16.gguf');
    fireEvent.click(within(typeRow('q8_0')).getByRole('radio'));
    expect(output()).toBe('/home/user/hf/tiny-llama-Q8_0.gguf');
    fireEvent.change(screen.getByTestId('convert-output'), { target: { value: '/data/mine.gguf' } });
    fireEvent.click(within(typeRow('bf16')).getByRole('radio'));
    expect(output()).toBe('/data/mine.gguf');
  });

  it('sets Python up on the first conversion with progress and a log, cancels, then converts; the result goes to Quantize or loads', async () => {
    const { timers, tick } = manualTimers();
    const { api, model } = await renderWithApp(<WorkshopView />, { platform: { timers } });
    await openConvert();
    await check(FOLDER);
    fireEvent.click(screen.getByTestId('convert-start'));
    await tick();
    expect(screen.getByTestId('convert-progress-text').textContent).toBe(
      'Setting up Python, step 1 of 5: looking for Python 3.10 or newer',
    );
    for (let i = 0; i < 3; i++) await tick();
    expect(screen.getByTestId('convert-progress-text').textContent).toBe(
      'Setting up Python, step 4 of 5: installing the packages (torch)',
    );
    expect(screen.getByTestId('convert-log').textContent).toContain('setup: install_packages');
    fireEvent.click(screen.getByTestId('convert-cancel'));
    await waitFor(() =>
      expect(screen.getByTestId('convert-cancelled').textContent).toBe('Cancelled. The partial file was removed.'),
    );
    expect(screen.queryByTestId('convert-progress')).toBeNull();

    fireEvent.click(screen.getByTestId('convert-start'));
    for (let i = 0; i < 9; i++) await tick();
    expect(screen.getByTestId('convert-progress-text').textContent).toBe('Reading tensor 3: blk.2.attn_q.weight');
    for (let i = 0; i < 11; i++) await tick();
    expect(screen.getByTestId('convert-progress-text').textContent).toBe('Writing: 954 MiB of 1.9 GiB');
    for (let i = 0; i < 4; i++) await tick();
    const result = await screen.findByTestId('convert-result');
    expect(result.textContent).toContain('Wrote /home/user/hf/tiny-llama-F16.gguf (1.9 GiB, 12 tensors) in');
    expect(api.calls.filter((c) => c.channel === 'workshop:convert').at(-1)!.input).toEqual({
      jobId: expect.any(String),
      folderPath: FOLDER,
      outType: 'f16',
      outputPath: '/home/user/hf/tiny-llama-F16.gguf',
      overwrite: false,
    });
    // The check is read again: Python is set up now, and the output exists (the file just written: no warning).
    await waitFor(() =>
      expect(screen.getByTestId('convert-python').textContent).toBe(
        'Python environment: ready (Python 3.11.7, torch 2.13.0+cpu).',
      ),
    );
    expect(screen.queryByText('A file of this name exists already.')).toBeNull();

    fireEvent.click(screen.getByTestId('convert-load'));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) =>
            c.channel === 'backend:load' &&
            (c.input as { modelPath: string }).modelPath === '/home/user/hf/tiny-llama-F16.gguf',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(model.status.store.getState()?.state).toBe('ready'));

    fireEvent.click(screen.getByTestId('convert-quantize'));
    await screen.findByTestId('workshop-types');
    expect(screen.getByTestId('workshop-tab-quantize').getAttribute('aria-selected')).toBe('true');
    expect((screen.getByTestId('workshop-model-path') as HTMLInputElement).value).toBe(
      '/home/user/hf/tiny-llama-F16.gguf',
    );
    expect(api.calls.filter((c) => c.channel === 'workshop:plan').map((c) => c.input)).toEqual([
      { modelPath: '/home/user/hf/tiny-llama-F16.gguf' },
    ]);
    expect((screen.getByTestId('workshop-output') as HTMLInputElement).value).toBe(
      '/home/user/hf/tiny-llama-Q4_K_M.gguf',
    );
  });

  it('moves the output on to a name the folder does not hold yet once a conversion wrote it', async () => {
    const { timers, tick } = manualTimers();
    const { api } = await renderWithApp(<WorkshopView />, {
      platform: { timers, pythonReady: true, modelFiles: { [`${FOLDER}/model.safetensors`]: 2_000_000_000 } },
    });
    await openConvert();
    await check(FOLDER);
    fireEvent.click(screen.getByTestId('convert-start'));
    for (let i = 0; i < 17; i++) await tick();
    expect((await screen.findByTestId('convert-result')).textContent).toContain('/home/user/hf/tiny-llama-F16.gguf');
    await waitFor(() => expect(output()).toBe('/home/user/hf/tiny-llama-F16-2.gguf'));
    expect(screen.queryByText('A file of this name exists already.')).toBeNull();

    fireEvent.click(screen.getByTestId('convert-start'));
    for (let i = 0; i < 17; i++) await tick();
    await waitFor(() => expect(screen.getByTestId('convert-result').textContent).toContain('tiny-llama-F16-2.gguf'));
    expect(
      api.calls
        .filter((c) => c.channel === 'workshop:convert')
        .map((c) => (c.input as { outputPath: string }).outputPath),
    ).toEqual(['/home/user/hf/tiny-llama-F16.gguf', '/home/user/hf/tiny-llama-F16-2.gguf']);
    expect(screen.queryByTestId('convert-error')).toBeNull();
  });

  it('sets Python up on its own when asked', async () => {
    const { timers, tick } = manualTimers();
    const { api } = await renderWithApp(<WorkshopView />, { platform: { timers } });
    await openConvert();
    await check(FOLDER);
    fireEvent.click(screen.getByTestId('convert-setup-python'));
    for (let i = 0; i < 6; i++) await tick();
    await waitFor(() => expect(screen.getByTestId('convert-python').textContent).toContain('ready (Python 3.11.7'));
    expect(api.calls.filter((c) => c.channel === 'workshop:setup-python')).toHaveLength(1);
  });

  it("words a folder's problems, and holds Convert, in English and in Chinese", async () => {
    const { api } = await renderWithApp(<WorkshopView />);
    await openConvert();
    await check('/home/user/hf/empty');
    expect(screen.getAllByTestId('convert-problem').map((el) => el.textContent)).toEqual([
      '/home/user/hf/empty has no config.json. Choose the folder of a Hugging Face model: the one with config.json, the weights and the tokenizer.',
      '/home/user/hf/empty has no weights to convert (model*.safetensors or pytorch_model*.bin), or lacks a part its index lists.',
      '/home/user/hf/empty has no tokenizer (tokenizer.model, tokenizer.json, or vocab.json with merges.txt).',
    ]);
    expect((screen.getByTestId('convert-start') as HTMLButtonElement).disabled).toBe(true);
    await check('/home/user/hf/unsupported-model');
    expect(screen.getByTestId('convert-problem').textContent).toBe(
      "llama.cpp's converter does not support the FooForCausalLM architecture, so this model cannot be converted.",
    );
    expect(screen.getByTestId('convert-architecture').textContent).toBe('FooForCausalLMnot supported by the converter');

    // A failure of the run itself, with the sizes the core found.
    api.handle('workshop:convert', () => ({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Not enough disk space',
        details: { reason: 'disk_full', neededBytes: 4 * 1024 ** 3, freeBytes: 40_960, path: '/home/user/hf' },
      },
    }));
    await check(FOLDER);
    fireEvent.click(screen.getByTestId('convert-start'));
    expect((await screen.findByTestId('convert-error')).textContent).toBe(
      'Not enough disk space: 4.0 GiB needed, 40 KiB free in /home/user/hf. Free some space, or choose another place, and try again.',
    );
    cleanupApps();

    await renderWithApp(<WorkshopView />, { language: 'zh' });
    await openConvert();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('将 Hugging Face 模型转换为 GGUF');
    await check('/home/user/hf/unsupported-model');
    expect(screen.getByTestId('convert-problem').textContent).toBe(
      'llama.cpp 的转换程序不支持 FooForCausalLM 架构，无法转换此模型。',
    );
  });

  it("names a folder's Python code on a card, converts without it by default, and runs it only when ticked for that code", async () => {
    const { timers, tick } = manualTimers();
    const { api } = await renderWithApp(<WorkshopView />, { platform: { timers, pythonReady: true } });
    await openConvert();
    await check('/home/user/hf/qwen-custom-code');
    const card = screen.getByTestId('convert-code');
    expect(
      within(card)
        .getAllByTestId('convert-code-file')
        .map((el) => el.textContent),
    ).toEqual(['tokenization_qwen.py']);
    expect(
      within(card)
        .getAllByTestId('convert-code-map')
        .map((el) => el.textContent),
    ).toEqual(['tokenizer_config.json: AutoTokenizer → tokenization_qwen.QWenTokenizer']);
    const allow = within(card).getByTestId('convert-code-allow') as HTMLInputElement;
    expect(allow.checked).toBe(false);

    fireEvent.click(screen.getByTestId('convert-start'));
    expect((await screen.findByTestId('convert-error')).textContent).toBe(
      "This model's tokenizer needs Python code shipped in its folder (tokenization_qwen.py); EVA does not run it unless you allow it on the folder's card.",
    );
    const converts = () =>
      api.calls.filter((c) => c.channel === 'workshop:convert').map((c) => c.input as { allowFolderCode?: string });
    expect(converts()[0]).not.toHaveProperty('allowFolderCode');

    fireEvent.click(allow);
    expect(allow.checked).toBe(true);
    fireEvent.click(screen.getByTestId('convert-start'));
    for (let i = 0; i < 17; i++) await tick();
    await screen.findByTestId('convert-result');
    expect(converts()[1]!.allowFolderCode).toBe(FAKE_CODE_HASH);

    // The choice is the code's, not the path's: the same code in another folder is allowed; a folder without code has
    // no card.
    await check('/home/user/hf/other-custom-code');
    expect((screen.getByTestId('convert-code-allow') as HTMLInputElement).checked).toBe(true);
    await check(FOLDER);
    expect(screen.queryByTestId('convert-code')).toBeNull();
    cleanupApps();

    await renderWithApp(<WorkshopView />, { language: 'zh' });
    await openConvert();
    await check('/home/user/hf/qwen-custom-code');
    expect(screen.getByTestId('convert-code').textContent).toContain('此文件夹自带 Python 代码');
    fireEvent.click(screen.getByTestId('convert-start'));
    expect((await screen.findByTestId('convert-error')).textContent).toBe(
      '此模型的分词器需要运行其文件夹中自带的 Python 代码（tokenization_qwen.py）；除非你在该文件夹的卡片上允许，EVA 不会运行它。',
    );
  });
});
