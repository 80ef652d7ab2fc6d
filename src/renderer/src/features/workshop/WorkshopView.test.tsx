// @vitest-environment jsdom
// The workshop page on the in-memory platform: a model picked with the app's file
// browser, the type list with sizes, the output path following the type, progress
// with Cancel, a finished job loaded with one click, and the page's own words for
// requantizing, a type that needs an importance matrix, and a refused output.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanupApps, manualTimers, renderWithApp } from '@renderer/test-support/render-app';
import { WorkshopView } from './WorkshopView';

afterEach(cleanupApps);

const MODEL = '/home/user/models/qwen-7b-F16.gguf';
const chosen = () =>
  screen
    .getAllByTestId('workshop-type')
    .find((el) => el.querySelector('input')?.checked)
    ?.getAttribute('data-type');
const output = () => (screen.getByTestId('workshop-output') as HTMLInputElement).value;

async function pick(path: string) {
  fireEvent.change(screen.getByTestId('workshop-model-path'), { target: { value: path } });
  fireEvent.click(screen.getByTestId('workshop-read'));
  await screen.findByTestId('workshop-types');
}

describe('WorkshopView', () => {
  it('picks a model with the file browser and lists every type with its size; the output follows the type until typed', async () => {
    const { api } = await renderWithApp(<WorkshopView />, { platform: { modelFiles: { [MODEL]: 1_000_000_000 } } });
    fireEvent.click(screen.getByTestId('workshop-browse'));
    const dialog = await screen.findByTestId('browse-dialog');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('browse-entry')
          .map((el) => el.textContent),
      ).toEqual([expect.stringContaining('models')]),
    );
    fireEvent.doubleClick(within(dialog).getAllByTestId('browse-entry')[0]!);
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('browse-entry')[0]!.textContent).toContain('qwen-7b-F16.gguf'),
    );
    fireEvent.doubleClick(within(dialog).getAllByTestId('browse-entry')[0]!);
    await screen.findByTestId('workshop-types');
    expect(api.calls.filter((c) => c.channel === 'workshop:plan').map((c) => c.input)).toEqual([{ modelPath: MODEL }]);
    expect(screen.getByTestId('workshop-model').textContent).toBe('qwen-7b-F16: F16, 954 MiB');
    const rows = screen.getAllByTestId('workshop-type');
    expect(rows.length).toBeGreaterThan(15);
    const q8 = rows.find((row) => row.getAttribute('data-type') === 'Q8_0')!;
    expect(within(q8).getByTestId('workshop-type-size').textContent).toBe('≈ 507 MiB');
    expect(chosen()).toBe('Q4_K_M');
    expect(output()).toBe('/home/user/models/qwen-7b-Q4_K_M.gguf');

    fireEvent.click(within(q8).getByRole('radio'));
    expect(output()).toBe('/home/user/models/qwen-7b-Q8_0.gguf');
    fireEvent.change(screen.getByTestId('workshop-output'), { target: { value: '/data/mine.gguf' } });
    fireEvent.click(within(rows.find((row) => row.getAttribute('data-type') === 'Q6_K')!).getByRole('radio'));
    expect(output()).toBe('/data/mine.gguf');
  });

  it('shows progress per tensor with Cancel, then a finished job that loads with one click', async () => {
    const { timers, tick } = manualTimers();
    const { api, model } = await renderWithApp(<WorkshopView />, { platform: { timers } });
    await pick(MODEL);
    fireEvent.click(screen.getByTestId('workshop-start'));
    await tick();
    await tick();
    expect(screen.getByTestId('workshop-progress-text').textContent).toBe('Tensor 2 of 12: blk.2.ffn_down.weight');
    expect((screen.getByTestId('workshop-progress') as HTMLProgressElement).value).toBe(2);
    fireEvent.click(screen.getByTestId('workshop-cancel'));
    await waitFor(() =>
      expect(screen.getByTestId('workshop-cancelled').textContent).toBe('Cancelled. The partial file was removed.'),
    );
    expect(screen.queryByTestId('workshop-progress')).toBeNull();

    fireEvent.click(screen.getByTestId('workshop-start'));
    for (let i = 0; i < 12; i++) await tick();
    const result = await screen.findByTestId('workshop-result');
    expect(result.textContent).toContain('Wrote /home/user/models/qwen-7b-Q4_K_M.gguf (292 MiB)');
    const quantize = api.calls.filter((c) => c.channel === 'workshop:quantize').at(-1)!.input;
    expect(quantize).toMatchObject({
      modelPath: MODEL,
      type: 'Q4_K_M',
      outputPath: '/home/user/models/qwen-7b-Q4_K_M.gguf',
      overwrite: false,
      allowRequantize: false,
    });
    expect(quantize).not.toHaveProperty('calibrationText');
    // The plan is read again (the file exists now); the file just written is no warning about its own name.
    await waitFor(() => expect(api.calls.filter((c) => c.channel === 'workshop:plan')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('workshop-output')).toBeTruthy());
    expect(screen.queryByText('A file of this name exists already.')).toBeNull();

    fireEvent.click(screen.getByTestId('workshop-load'));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) =>
            c.channel === 'backend:load' &&
            (c.input as { modelPath: string }).modelPath === '/home/user/models/qwen-7b-Q4_K_M.gguf',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(model.status.store.getState()?.state).toBe('ready'));
  });

  it('moves the output on to a name the folder does not hold yet once a job wrote it, so a second Quantize writes that', async () => {
    const { timers, tick } = manualTimers();
    const earlier = '/home/user/models/qwen-7b-Q4_K_M-2.gguf';
    const { api } = await renderWithApp(<WorkshopView />, {
      platform: { timers, modelFiles: { [MODEL]: 1_000_000_000, [earlier]: 500_000_000 } },
    });
    await pick(MODEL);
    expect(output()).toBe('/home/user/models/qwen-7b-Q4_K_M.gguf');
    fireEvent.click(screen.getByTestId('workshop-start'));
    for (let i = 0; i < 12; i++) await tick();
    expect((await screen.findByTestId('workshop-result')).textContent).toContain(
      'Wrote /home/user/models/qwen-7b-Q4_K_M.gguf',
    );
    // -2 lies in the folder from an earlier run: the next free name is -3.
    await waitFor(() => expect(output()).toBe('/home/user/models/qwen-7b-Q4_K_M-3.gguf'));
    expect(screen.queryByText('A file of this name exists already.')).toBeNull();

    fireEvent.click(screen.getByTestId('workshop-start'));
    for (let i = 0; i < 12; i++) await tick();
    await waitFor(() => expect(screen.getByTestId('workshop-result').textContent).toContain('qwen-7b-Q4_K_M-3.gguf'));
    const outputs = api.calls
      .filter((c) => c.channel === 'workshop:quantize')
      .map((c) => (c.input as { outputPath: string }).outputPath);
    expect(outputs).toEqual(['/home/user/models/qwen-7b-Q4_K_M.gguf', '/home/user/models/qwen-7b-Q4_K_M-3.gguf']);
    expect(screen.queryByTestId('workshop-error')).toBeNull();
    await waitFor(() => expect(output()).not.toBe('/home/user/models/qwen-7b-Q4_K_M-3.gguf'));

    // A type changed afterwards takes that type's suggestion again.
    fireEvent.click(
      within(screen.getAllByTestId('workshop-type').find((row) => row.getAttribute('data-type') === 'Q8_0')!).getByRole(
        'radio',
      ),
    );
    expect(output()).toBe('/home/user/models/qwen-7b-Q8_0.gguf');
  });

  it('asks before requantizing, holds a type that needs an importance matrix until one is given, and words a refused output', async () => {
    const { timers, tick } = manualTimers();
    const { api } = await renderWithApp(<WorkshopView />, {
      platform: { existingFiles: ['/m/old-Q8_0.gguf'], timers },
    });
    await pick('/m/old-Q4_0.gguf');
    expect(screen.getByText(/quantized already \(Q4_0\)/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('workshop-requantize'));

    fireEvent.click(
      within(
        screen.getAllByTestId('workshop-type').find((row) => row.getAttribute('data-type') === 'IQ2_XXS')!,
      ).getByRole('radio'),
    );
    expect((screen.getByTestId('workshop-start') as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('IQ2_XXS needs an importance matrix: turn it on below and give a calibration text.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('workshop-imatrix'));
    fireEvent.change(screen.getByTestId('workshop-calibration'), { target: { value: 'Some text to calibrate with.' } });
    expect((screen.getByTestId('workshop-start') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('workshop-start'));
    for (let i = 0; i < 12; i++) await tick();
    await screen.findByTestId('workshop-result');
    expect(api.calls.filter((c) => c.channel === 'workshop:quantize').at(-1)!.input).toMatchObject({
      type: 'IQ2_XXS',
      allowRequantize: true,
      calibrationText: 'Some text to calibrate with.',
    });

    fireEvent.click(
      within(screen.getAllByTestId('workshop-type').find((row) => row.getAttribute('data-type') === 'Q8_0')!).getByRole(
        'radio',
      ),
    );
    expect(screen.getByText('A file of this name exists already.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('workshop-start'));
    expect((await screen.findByTestId('workshop-error')).textContent).toBe(
      '/m/old-Q8_0.gguf exists already. Choose another name, or tick “Overwrite it”.',
    );
  });

  it('speaks Chinese, a plan error included', async () => {
    await renderWithApp(<WorkshopView />, { language: 'zh' });
    fireEvent.change(screen.getByTestId('workshop-model-path'), { target: { value: '/m/notes.txt' } });
    fireEvent.click(screen.getByTestId('workshop-read'));
    expect((await screen.findByTestId('workshop-plan-error')).textContent).toBe(
      '/m/notes.txt 不是 GGUF 模型文件。请选择 .gguf 模型。',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('量化模型');
  });
});
