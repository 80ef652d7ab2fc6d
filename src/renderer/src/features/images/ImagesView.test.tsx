// @vitest-environment jsdom
// The image page on the in-memory platform: without sd-cli it says how to get
// one; each template asks for its own model files (kept in the settings); a
// generation shows its steps with Cancel; a finished picture shows with its
// parameters, goes into the chat and the gallery, and draws again with a new seed.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanupApps, manualTimers, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ImagesView } from './ImagesView';

afterEach(cleanupApps);

const generateCalls = (api: { calls: { channel: string; input?: unknown }[] }) =>
  api.calls
    .filter((c) => c.channel === 'image:generate')
    .map((c) => c.input as { params: Record<string, unknown>; template: string; files: Record<string, string> });

async function fill(prompt: string) {
  fireEvent.change(await screen.findByTestId('image-file-model'), { target: { value: '/models/sd15.safetensors' } });
  fireEvent.change(screen.getByTestId('image-prompt'), { target: { value: prompt } });
  fireEvent.change(screen.getByTestId('image-steps'), { target: { value: '3' } });
}

describe('ImagesView', () => {
  it('without sd-cli says how to get it, and Generate stays off', async () => {
    await renderWithApp(<ImagesView />, { platform: { sdCli: false } });
    const note = await screen.findByTestId('image-engine-missing');
    expect(note.textContent).toContain('npm run backend:build -- --sd');
    expect(note.textContent).toContain('/opt/eva/bin/cpu/sd-cli');
    await fill('a fox');
    expect((screen.getByTestId('image-generate') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks each template for its own files and keeps them in the settings', async () => {
    const { api } = await renderWithApp(<ImagesView />);
    await screen.findByTestId('image-file-model');
    expect(within(screen.getByTestId('image-files')).getAllByRole('textbox').length).toBe(2);
    fireEvent.change(screen.getByTestId('image-template'), { target: { value: 'flux' } });
    for (const role of ['diffusionModel', 'vae', 'clipL', 't5xxl'])
      expect(screen.getByTestId(`image-file-${role}`)).toBeTruthy();
    expect((screen.getByTestId('image-cfg') as HTMLInputElement).value).toBe('1');
    expect((screen.getByTestId('image-sampler') as HTMLSelectElement).value).toBe('euler');
    fireEvent.change(screen.getByTestId('image-file-t5xxl'), { target: { value: '/f/t5xxl.gguf' } });
    await settle();
    expect(api.state.settings.images.template).toBe('flux');
    expect(api.state.settings.images.files.flux).toEqual({ t5xxl: '/f/t5xxl.gguf' });
    fireEvent.change(screen.getByTestId('image-prompt'), { target: { value: 'a comet' } });
    // Three of Flux's four files are still missing.
    expect((screen.getByTestId('image-generate') as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the budget for pictures the agent may draw without asking: 0 (always ask) until the user sets one', async () => {
    const { api } = await renderWithApp(<ImagesView />);
    const field = (await screen.findByTestId('image-tool-budget')) as HTMLInputElement;
    expect(field.value).toBe('0');
    expect(screen.getByTestId('image-tool-budget-hint').textContent).toMatch(
      /asks before every picture.*512×512 at 20 steps is 5\.2/,
    );
    fireEvent.change(field, { target: { value: '6' } });
    await settle();
    expect(api.state.settings.images.toolBudget).toBe(6);
    expect(screen.getByTestId('image-tool-budget-hint').textContent).toMatch(
      /within this many megapixel-steps is drawn without asking/,
    );
  });

  it('shows each step with Cancel, and a cancelled run leaves nothing', async () => {
    const { timers, tick } = manualTimers();
    const { api } = await renderWithApp(<ImagesView />, { platform: { timers } });
    await fill('a lighthouse');
    fireEvent.click(screen.getByTestId('image-generate'));
    await tick();
    await tick();
    await waitFor(() => expect(screen.getByTestId('image-progress-text').textContent).toBe('Step 2 of 3'));
    expect((screen.getByTestId('image-progress-bar') as HTMLProgressElement).value).toBe(2);
    fireEvent.click(screen.getByTestId('image-cancel'));
    await waitFor(() => expect(screen.getByTestId('image-cancelled').textContent).toBe('Cancelled. Nothing was kept.'));
    expect(screen.queryByTestId('image-result')).toBeNull();
    expect(api.calls.some((c) => c.channel === 'image:cancel')).toBe(true);
  });

  it('shows the finished picture with its parameters, puts it into the chat and the gallery, and draws it again with a new seed', async () => {
    const { api } = await renderWithApp(<ImagesView />, { platform: { imageTickMs: 1 } });
    await fill('a red kite');
    fireEvent.change(screen.getByTestId('image-seed'), { target: { value: '1234' } });
    fireEvent.click(screen.getByTestId('image-generate'));
    const result = await screen.findByTestId('image-result');
    expect(within(result).getByTestId('image-result-caption').textContent).toBe(
      '512×512 · 3 steps · CFG 7 · euler_a · seed 1234',
    );
    await waitFor(() => expect(api.calls.some((c) => c.channel === 'image:to-chat')).toBe(true));
    expect(generateCalls(api)[0]).toMatchObject({
      template: 'default',
      files: { model: '/models/sd15.safetensors' },
      params: { prompt: 'a red kite', steps: 3, seed: 1234 },
    });
    expect(screen.getAllByTestId('image-gallery-item')).toHaveLength(1);

    fireEvent.click(within(result).getByTestId('picture-new-seed'));
    await waitFor(() => expect(generateCalls(api)).toHaveLength(2));
    const again = generateCalls(api)[1]!;
    expect(again.params).toMatchObject({ prompt: 'a red kite', steps: 3 });
    expect(again.params.seed).not.toBe(1234);
    await waitFor(() => expect(screen.getAllByTestId('image-gallery-item')).toHaveLength(2));
  });

  it('takes a start image for image to image and sends it with its strength', async () => {
    const { api } = await renderWithApp(<ImagesView />, { platform: { imageTickMs: 1 } });
    await fill('from a sketch');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'sketch.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('image-start-file'), { target: { files: [file] } });
    await screen.findByTestId('image-start-preview');
    fireEvent.change(screen.getByTestId('image-strength'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('image-generate'));
    await screen.findByTestId('image-result');
    const sent = api.calls.find((c) => c.channel === 'image:generate')!.input as {
      initImage?: string;
      params: { strength?: number };
    };
    expect(sent.initImage).toMatch(/^data:image\/png;base64,/);
    expect(sent.params.strength).toBe(0.5);
  });
});
