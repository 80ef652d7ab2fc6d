// @vitest-environment jsdom
// The Compare page on the in-memory platform: the form lists the library's files, says whether the models run
// together or one after another (with the memory figures), starts a run whose columns stream side by side with their
// figures, sends a follow-up to every column, hides the models in blind mode until a vote, saves and reopens runs,
// keeps prompt sets, and repeats a run with one model swapped beside the run it repeats.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FAKE_COMPARE_FILES } from '@renderer/platform/fake-compare';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { CompareView } from './CompareView';

afterEach(cleanupApps);

const [q4, q8, llama] = FAKE_COMPARE_FILES.map((file) => `file:${file.path}`) as [string, string, string];

async function choose(slots: readonly string[], prompt: string) {
  for (const [index, value] of slots.entries()) {
    if (index >= 2) fireEvent.click(screen.getByTestId('compare-add-slot'));
    fireEvent.change((await screen.findAllByTestId('compare-slot'))[index]!, { target: { value } });
  }
  fireEvent.change(screen.getByTestId('compare-prompts'), { target: { value: prompt } });
  await settle();
}

const answers = (turn: number) =>
  screen.queryAllByTestId('compare-answer').filter((cell) => cell.getAttribute('data-turn') === String(turn));

describe('CompareView', () => {
  it('runs three models side by side with their figures and a follow-up to every column', async () => {
    const { api } = await renderWithApp(<CompareView />);
    const start = (await screen.findByTestId('compare-start')) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(screen.getByTestId('compare-problem').textContent).toBe('Choose a model for each column.');
    await choose([q4, q8, llama], 'What is a river?');
    expect(screen.getByTestId('compare-plan').textContent).toBe(
      'They run together: they need about 1.8 GiB, this machine has 8.0 GiB free. They share the processor, so each answers more slowly than alone.',
    );
    expect(start.disabled).toBe(false);
    fireEvent.click(start);
    await waitFor(() =>
      expect(answers(0).map((cell) => cell.getAttribute('data-status'))).toEqual(['done', 'done', 'done']),
    );
    expect(screen.getAllByTestId('compare-column-name').map((name) => name.textContent)).toEqual([
      'qwen2.5-0.5b-instruct-q4_k_m',
      'qwen2.5-0.5b-instruct-q8_0',
      'llama-3.2-1b-instruct-q4_k_m',
    ]);
    const first = answers(0)[0]!;
    expect(within(first).getByTestId('compare-answer-text').textContent).toBe(
      'qwen2.5-0.5b-instruct-q4_k_m answers: What is a river?',
    );
    expect(within(first).getByTestId('compare-figures').textContent).toBe(
      'first token 120 ms · 42.0 tok/s · prompt 300 tok/s · peak 612 MiB · context 21 / 4,096 · loaded in 800 ms',
    );
    expect(api.calls.find((call) => call.channel === 'compare:start')?.input).toMatchObject({
      prompts: ['What is a river?'],
      settings: { blind: false, contextSize: 4096 },
    });

    fireEvent.change(screen.getByTestId('compare-follow-up'), { target: { value: 'And a lake?' } });
    fireEvent.click(screen.getByTestId('compare-follow-up-send'));
    await waitFor(() =>
      expect(answers(1).map((cell) => cell.getAttribute('data-status'))).toEqual(['done', 'done', 'done']),
    );
    expect(screen.getAllByTestId('compare-turn-prompt').map((prompt) => prompt.textContent)).toEqual([
      'What is a river?',
      'And a lake?',
    ]);
    expect((screen.getByTestId('compare-follow-up') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getAllByTestId('compare-saved-run')).toHaveLength(1);
  });

  it('says the models run one after another when together they need more than is free', async () => {
    await renderWithApp(<CompareView />, { platform: { compareFreeBytes: 1024 ** 3 } });
    await choose([q4, llama], 'Hi');
    const plan = screen.getByTestId('compare-plan');
    expect(plan.getAttribute('data-mode')).toBe('sequential');
    expect(plan.textContent).toBe(
      'They run one after another: together they need 1.2 GiB, this machine has 1.0 GiB free.',
    );
  });

  it('runs the models one after another when asked, even where they fit together', async () => {
    const { api } = await renderWithApp(<CompareView />);
    await choose([q4, q8], 'Hi');
    expect(screen.getByTestId('compare-plan').getAttribute('data-mode')).toBe('parallel');
    fireEvent.click(screen.getByTestId('compare-one-after-another'));
    await settle();
    expect(screen.getByTestId('compare-plan').textContent).toBe(
      'They run one after another, as chosen: each answers with the processor to itself (together they need 1.1 GiB, this machine has 8.0 GiB free).',
    );
    fireEvent.click(screen.getByTestId('compare-start'));
    await waitFor(() =>
      expect(screen.getByTestId('compare-run-schedule').getAttribute('data-mode')).toBe('sequential'),
    );
    expect(api.calls.find((call) => call.channel === 'compare:start')?.input).toMatchObject({
      settings: { oneAfterAnother: true },
    });
  });

  it('blind: letters only, no names or figures, until a vote shows them', async () => {
    const { api } = await renderWithApp(<CompareView />);
    await choose([q4, q8], 'Which?');
    fireEvent.click(screen.getByTestId('compare-blind'));
    fireEvent.click(screen.getByTestId('compare-start'));
    await waitFor(() => expect(answers(0).map((cell) => cell.getAttribute('data-status'))).toEqual(['done', 'done']));
    expect(screen.getByTestId('compare-run').getAttribute('data-hidden')).toBe('true');
    expect(screen.getAllByTestId('compare-column-name').map((name) => name.textContent)).toEqual([
      'hidden until you vote',
      'hidden until you vote',
    ]);
    expect(screen.queryAllByTestId('compare-figures')).toHaveLength(0);
    expect(screen.getAllByTestId('compare-figures-hidden')).toHaveLength(2);
    const vote = within(answers(0)[1]!).getByRole('button', {
      name: 'Best answer: Model B, prompt 1',
    });
    fireEvent.click(vote);
    await waitFor(() => expect(screen.getByTestId('compare-run').getAttribute('data-hidden')).toBe('false'));
    const picked = within(answers(0)[1]!).getByTestId('compare-vote');
    expect(picked.getAttribute('aria-pressed')).toBe('true');
    expect(picked.getAttribute('aria-label')).toMatch(/^Your pick: qwen2\.5-0\.5b-instruct-q(4_k_m|8_0), prompt 1$/);
    expect(screen.getAllByTestId('compare-figures')).toHaveLength(2);
    expect(api.calls.filter((call) => call.channel === 'compare:vote').map((call) => call.input)).toEqual([
      { runId: 'fake-run-1', turn: 0, columnId: 'b' },
    ]);
  });

  it('keeps prompt sets, reopens and deletes saved runs, and repeats one with a model swapped', async () => {
    const { api } = await renderWithApp(<CompareView />);
    await choose([q4, llama], 'One\n---\nTwo');
    fireEvent.change(screen.getByTestId('compare-set-name'), { target: { value: 'Rivers' } });
    fireEvent.click(screen.getByTestId('compare-save-set'));
    await settle();
    fireEvent.change(screen.getByTestId('compare-prompts'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('compare-prompt-set'), { target: { value: 'Rivers' } });
    expect((screen.getByTestId('compare-prompts') as HTMLTextAreaElement).value).toBe('One\n---\nTwo');
    fireEvent.click(screen.getByTestId('compare-start'));
    await waitFor(() => expect(answers(1)).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('compare-run').getAttribute('data-running')).toBe('false'));

    fireEvent.change(screen.getByTestId('compare-repeat-column'), { target: { value: 'a' } });
    fireEvent.change(screen.getByTestId('compare-repeat-model'), { target: { value: q8 } });
    fireEvent.click(screen.getByTestId('compare-repeat-start'));
    await waitFor(() => expect(screen.getByTestId('compare-run').getAttribute('data-run')).toBe('fake-run-2'));
    const rows = await screen.findAllByTestId('compare-like-row');
    expect(rows.map((row) => [row.getAttribute('data-swapped'), row.textContent])).toEqual([
      ['true', 'Aqwen2.5-0.5b-instruct-q4_k_m · 42.0 tok/sqwen2.5-0.5b-instruct-q8_0 (swapped) · 42.0 tok/s1.00×'],
      ['false', 'Bllama-3.2-1b-instruct-q4_k_m · 42.0 tok/sllama-3.2-1b-instruct-q4_k_m · 42.0 tok/s1.00×'],
    ]);
    expect(api.calls.find((call) => call.channel === 'compare:repeat')?.input).toEqual({
      id: 'fake-run-1',
      swap: { columnId: 'a', entrant: { kind: 'file', path: FAKE_COMPARE_FILES[1]!.path } },
    });

    expect(screen.getAllByTestId('compare-saved-run').map((row) => row.getAttribute('data-run'))).toEqual([
      'fake-run-2',
      'fake-run-1',
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Open “One”' })[1]!);
    await waitFor(() => expect(screen.getByTestId('compare-run').getAttribute('data-run')).toBe('fake-run-1'));
    fireEvent.click(screen.getAllByTestId('compare-saved-delete')[1]!);
    await waitFor(() => expect(screen.getAllByTestId('compare-saved-run')).toHaveLength(1));
    expect(screen.queryByTestId('compare-run')).toBeNull();
  });
});
