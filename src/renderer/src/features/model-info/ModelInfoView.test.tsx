// @vitest-environment jsdom
// The Model info page on the in-memory platform: the loaded model's summary,
// quantization, tensors and vocabulary searched and paged through the core, its
// chat template and special tokens, the live slots; another file picked with the
// file browser, the library list or a typed path; a text file and a cut-short one
// worded as errors; /slots switched off; the page in Chinese.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanupApps, loadModel, renderWithApp } from '@renderer/test-support/render-app';
import { FAKE_CHAT_TEMPLATE } from '@renderer/platform/fake-model-info';
import { ModelInfoView } from './ModelInfoView';

afterEach(cleanupApps);

const fact = (field: string) =>
  screen.getByTestId('model-info-summary').querySelector(`[data-field="${field}"] dd`)?.textContent;
const rowsOf = (testId: string) => screen.queryAllByTestId(testId).map((row) => row.querySelector('td')?.textContent);

describe('ModelInfoView', () => {
  it('shows the loaded model: summary, quantization, tensors and vocabulary searched in the core, template, special tokens and the live slot', async () => {
    const { api, t } = await renderWithApp(<ModelInfoView />, {
      before: ({ api }) => loadModel(api, '/models/qwen.gguf'),
    });
    await waitFor(() => expect(fact('architecture')).toBe('qwen2'));
    expect(screen.getByTestId('model-info-path').textContent).toBe('/models/qwen.gguf');
    expect(screen.getByText(t('modelInfo.loaded'))).toBeTruthy();
    expect(fact('name')).toBe('qwen');
    expect(fact('file-type')).toBe('Q4_K_M');
    expect(fact('context')).toBe('32,768');
    expect(fact('heads')).toBe('4 (2 for keys and values)');
    expect(fact('parameters')).toBe('249 K (249,280)');
    expect(screen.getAllByTestId('quant-row').map((row) => row.dataset.type)).toEqual(['Q4_K', 'Q6_K', 'Q8_0', 'F32']);

    await waitFor(() => expect(screen.getAllByTestId('tensor-row')).toHaveLength(26));
    fireEvent.change(screen.getByTestId('tensor-query'), { target: { value: 'q6_k' } });
    fireEvent.click(screen.getByTestId('tensor-search'));
    await waitFor(() =>
      expect(rowsOf('tensor-row')).toEqual([
        'blk.0.attn_v.weight',
        'blk.0.ffn_down.weight',
        'blk.1.attn_v.weight',
        'blk.1.ffn_down.weight',
      ]),
    );
    expect(
      within(screen.getAllByTestId('tensor-row')[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'blk.0.attn_v.weight',
      'Q6_K',
      '256 × 64',
      '16,384',
      '13 KiB',
      expect.stringMatching(/^1,\d{3},\d{3}$/),
    ]);

    expect(screen.getByTestId('chat-template').textContent).toBe(FAKE_CHAT_TEMPLATE);
    expect(screen.getAllByTestId('special-token').map((row) => row.textContent)).toEqual([
      'Begin of text (bos)1<|endoftext|>',
      'End of text (eos)3<|im_end|>',
      'Padding (pad)4<|pad|>',
    ]);

    // The vocabulary comes 50 tokens a page: never the whole list.
    await waitFor(() => expect(screen.getAllByTestId('vocab-row')).toHaveLength(50));
    expect(screen.getByTestId('vocab-pager-range').textContent).toBe('1–50 of 300 found (300 in all)');
    fireEvent.click(screen.getByTestId('vocab-pager-next'));
    await waitFor(() => expect(screen.getAllByTestId('vocab-row')[0]!.dataset.id).toBe('50'));
    expect(api.calls.filter((c) => c.channel === 'model-info:vocab').map((c) => c.input)).toEqual([
      { path: '/models/qwen.gguf', query: '', offset: 0, limit: 50, special: false },
      { path: '/models/qwen.gguf', query: '', offset: 50, limit: 50, special: false },
    ]);
    // A space finds GPT-2's Ġ, shown as it is; a special-only search keeps the control tokens.
    fireEvent.change(screen.getByTestId('vocab-query'), { target: { value: ' word29' } });
    fireEvent.click(screen.getByTestId('vocab-search'));
    await waitFor(() =>
      expect(screen.getAllByTestId('vocab-row').map((row) => row.dataset.id)).toEqual(['291', '294', '297']),
    );
    expect(
      within(screen.getAllByTestId('vocab-row')[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['291', 'Ġword291', 'normal']);
    fireEvent.change(screen.getByTestId('vocab-query'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('vocab-special'));
    await waitFor(() =>
      expect(screen.getAllByTestId('vocab-row').map((row) => row.querySelector('code')?.textContent)).toEqual([
        '<unk>',
        '<|endoftext|>',
        '<|im_start|>',
        '<|im_end|>',
        '<|pad|>',
      ]),
    );

    await waitFor(() => expect(screen.getByTestId('live-slot-use').textContent).toBe('1,024 of 4,096 tokens (25%)'));
    expect(screen.getByTestId('live-props').textContent).toBe(
      'qwen · context 4,096 per slot · 1 slot · build b6000-abc1234',
    );
  });

  it('picks another file with the file browser, from the library or by path, and words a text file and a cut-short one', async () => {
    const modelFiles = {
      '/home/user/models/tiny.gguf': 100,
      '/home/user/models/notes.txt': 10,
      '/home/user/.eva/models/library-Q4_K_M.gguf': 500,
    };
    const { t } = await renderWithApp(<ModelInfoView />, { platform: { modelFiles } });
    expect(screen.getByTestId('model-info-none').textContent).toBe(t('modelInfo.none'));
    await waitFor(() => expect(screen.getByTestId('model-info-live').dataset.state).toBe('stopped'));

    fireEvent.click(screen.getByTestId('model-info-browse'));
    await screen.findByTestId('browse-dialog');
    // It opens in the models folder (the library's download folder); another folder is typed.
    await waitFor(() =>
      expect(screen.getAllByTestId('browse-entry').map((el) => el.querySelector('.browse-name')?.textContent)).toEqual([
        'library-Q4_K_M.gguf',
      ]),
    );
    fireEvent.change(screen.getByTestId('browse-path-input'), { target: { value: '~/models' } });
    fireEvent.keyDown(screen.getByTestId('browse-path-input'), { key: 'Enter' });
    // Model mode: .gguf files only.
    await waitFor(() =>
      expect(screen.getAllByTestId('browse-entry').map((el) => el.querySelector('.browse-name')?.textContent)).toEqual([
        'tiny.gguf',
      ]),
    );
    fireEvent.click(screen.getAllByTestId('browse-entry')[0]!);
    fireEvent.click(screen.getByTestId('browse-choose'));
    await waitFor(() => expect(fact('name')).toBe('tiny'));
    expect(screen.getByTestId('model-info-path').textContent).toBe('/home/user/models/tiny.gguf');

    fireEvent.change(screen.getByTestId('model-info-typed-path'), { target: { value: '/home/user/models/notes.txt' } });
    fireEvent.click(screen.getByTestId('model-info-open'));
    await waitFor(() =>
      expect(screen.getByTestId('model-info-error').textContent).toBe(
        t('error.reason.not_gguf', { path: '/home/user/models/notes.txt' }),
      ),
    );
    expect(screen.queryByTestId('model-info-summary')).toBeNull();

    fireEvent.change(screen.getByTestId('model-info-typed-path'), { target: { value: '/dl/model-partial.gguf' } });
    fireEvent.click(screen.getByTestId('model-info-open'));
    await waitFor(() =>
      expect(screen.getByTestId('model-info-error').textContent).toBe(
        t('error.reason.gguf_truncated', { path: '/dl/model-partial.gguf' }),
      ),
    );
    expect(screen.getByTestId('model-info-error').textContent).toContain('download it again');

    const library = screen.getByTestId('model-info-library') as HTMLSelectElement;
    await waitFor(() =>
      expect([...library.options].map((option) => option.value)).toEqual([
        '',
        '/home/user/.eva/models/library-Q4_K_M.gguf',
      ]),
    );
    fireEvent.change(library, { target: { value: '/home/user/.eva/models/library-Q4_K_M.gguf' } });
    await waitFor(() => expect(fact('name')).toBe('library-Q4_K_M'));
    expect(screen.queryByTestId('model-info-error')).toBeNull();
  });

  it('goes back to the loaded model after another file, and says when /slots is off', async () => {
    await renderWithApp(<ModelInfoView />, {
      platform: { liveSlots: 'disabled' },
      before: ({ api }) => loadModel(api, '/models/qwen.gguf'),
    });
    fireEvent.change(screen.getByTestId('model-info-typed-path'), { target: { value: '/other/model.gguf' } });
    fireEvent.click(screen.getByTestId('model-info-open'));
    await waitFor(() => expect(fact('name')).toBe('model'));
    fireEvent.click(screen.getByTestId('model-info-show-loaded'));
    await waitFor(() => expect(fact('name')).toBe('qwen'));
    expect(screen.queryByTestId('model-info-show-loaded')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('live-slots-disabled').textContent).toContain('--no-slots'));
    expect(screen.queryByTestId('live-slot')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await renderWithApp(<ModelInfoView />, {
      language: 'zh',
      before: ({ api }) => loadModel(api, '/models/qwen.gguf'),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('模型信息');
    await waitFor(() => expect(screen.getByTestId('live-slot-use').textContent).toBe('1,024 / 4,096 个词元（25%）'));
    expect(screen.getByTestId('model-info-summary').textContent).toContain('训练上下文');
  });
});
