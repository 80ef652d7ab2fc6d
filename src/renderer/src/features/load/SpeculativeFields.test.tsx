// @vitest-environment jsdom
// The speculative decoding part of the load dialog: the draft's fields only for a draft, a hint per choice in each
// language, and the core's refusal of a draft with another vocabulary as one sentence in English and Chinese.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { defaultSettings } from '@shared/default-settings';
import { AppFailure, toAppError } from '@shared/errors';
import zh from '@resources/i18n/zh.json';
import { checkDraftVocabulary } from '@main/services/backend/gguf/draft-vocabulary';
import { catalogs, createTranslator } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { formFromSettings, type LoadForm } from './load-form';
import { SpeculativeFields } from './SpeculativeFields';

afterEach(cleanupApps);

const form = (patch: Partial<LoadForm>): LoadForm => ({ ...formFromSettings(defaultSettings().load), ...patch });

describe('SpeculativeFields', () => {
  it('shows the draft file and lengths only when a draft model is chosen', async () => {
    const edits: Partial<LoadForm>[] = [];
    await renderWithApp(<SpeculativeFields form={form({})} errors={{}} edit={(patch) => edits.push(patch)} />);
    expect(screen.queryByTestId('spec-draft-path')).toBeNull();
    fireEvent.change(screen.getByTestId('spec-mode'), { target: { value: 'ngram' } });
    expect(edits).toEqual([{ specMode: 'ngram' }]);
    cleanupApps();
    await renderWithApp(
      <SpeculativeFields
        form={form({ specMode: 'draft' })}
        errors={{ specDraftPath: { key: 'load.error.draftRequired' } }}
        edit={() => {}}
      />,
    );
    expect((screen.getByTestId('spec-draft-max') as HTMLInputElement).value).toBe('3');
    expect((screen.getByTestId('spec-draft-min') as HTMLInputElement).value).toBe('0');
    expect(screen.getByTestId('field-error').textContent).toBe(catalogs.en['load.error.draftRequired']);
  });

  it('says what each choice does, in English and Chinese', async () => {
    for (const specMode of ['off', 'draft', 'ngram'] as const) {
      await renderWithApp(<SpeculativeFields form={form({ specMode })} errors={{}} edit={() => {}} />);
      expect(screen.getByTestId('speculative-fields').textContent).toContain(catalogs.en[`load.spec.hint.${specMode}`]);
      cleanupApps();
      await renderWithApp(<SpeculativeFields form={form({ specMode })} errors={{}} edit={() => {}} />, {
        language: 'zh',
      });
      expect(screen.getByTestId('speculative-fields').textContent).toContain(zh[`load.spec.hint.${specMode}`]);
      cleanupApps();
    }
  });
});

describe('the refusal of a draft model', () => {
  const failure = (details: Record<string, unknown>) =>
    toAppError(new AppFailure('model_invalid', 'the draft model cannot speculate', details));

  it('names the draft, the model and the token that differs, in one sentence per language', () => {
    const error = failure({
      path: '/m/other.gguf',
      model: 'qwen-7b.gguf',
      reason: 'draft_token_differs',
      tokenId: 7,
      draftToken: 'foo',
      modelToken: 'bar',
    });
    expect(appErrorText(createTranslator('en'), error)).toBe(
      'The draft model /m/other.gguf cannot speed up qwen-7b.gguf: their vocabularies differ (token 7 is “foo” in the draft and “bar” in the model). Choose a smaller model of the same family as the draft, or turn speculative decoding off.',
    );
    expect(appErrorText(createTranslator('zh'), error)).toBe(
      '草稿模型 /m/other.gguf 无法为 qwen-7b.gguf 加速：两者的词表不同（第 7 号词元在草稿中是“foo”，在模型中是“bar”）。请选择同一系列中更小的模型作为草稿，或关闭推测解码。',
    );
  });

  it('words every refusal the core can give with its figures filled in', async () => {
    const cases: Record<string, unknown>[] = [
      { reason: 'draft_tokenizer_differs', draftTokenizer: 'gpt2', modelTokenizer: 'llama' },
      { reason: 'draft_vocab_size_differs', draftTokens: 50257, modelTokens: 32000 },
      { reason: 'draft_special_only_model', special: 'BOS' },
      { reason: 'draft_special_only_draft', special: 'EOS' },
      { reason: 'draft_special_differs', special: 'BOS', draftId: 2, modelId: 1 },
    ];
    for (const language of ['en', 'zh'] as const) {
      const t = createTranslator(language);
      for (const details of cases) {
        const text = appErrorText(t, failure({ path: '/m/d.gguf', model: 'm.gguf', ...details }));
        expect(text).toContain('/m/d.gguf');
        expect(text).toContain('m.gguf');
        expect(text).not.toMatch(/[{}]/);
      }
      const missing = toAppError(
        await checkDraftVocabulary('/m/target.gguf', '/nonexistent/draft.gguf').catch((error: unknown) => error),
      );
      expect(appErrorText(t, missing)).toContain('/nonexistent/draft.gguf');
      expect(appErrorText(t, missing)).toBe(t('error.reason.draft_missing', { path: '/nonexistent/draft.gguf' }));
    }
  });
});
