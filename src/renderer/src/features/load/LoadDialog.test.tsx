// @vitest-environment jsdom
// The load dialog against the in-memory platform: opening, per-field validation, the
// Advanced section opening for an error inside it, the write-only API key of a server
// exposed on the network, and Esc.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { InvokeInput } from '@shared/contract';
import { memoryDefaultSettings, type MemoryPlatform } from '@renderer/platform/memory-platform';
import type { AppModel } from '@renderer/app-model';
import { cleanupApps, renderWithApp, settle, type RenderAppOptions } from '@renderer/test-support/render-app';
import { LoadDialog } from './LoadDialog';
import { LoadWatch } from './LoadWatch';

/** The dialog as App mounts it: with what runs while it is closed. */
const LoadDialogWithWatch = () => (
  <>
    <LoadWatch />
    <LoadDialog />
  </>
);

afterEach(cleanupApps);

const SAVED_MODEL = '/models/qwen.gguf';

async function renderOpenDialog(options: RenderAppOptions = {}) {
  const settings = memoryDefaultSettings();
  const app = await renderWithApp(<LoadDialogWithWatch />, {
    ...options,
    platform: { settings: { ...settings, load: { ...settings.load, modelPath: SAVED_MODEL } }, ...options.platform },
  });
  await open(app.model);
  return app;
}

async function open(model: AppModel): Promise<void> {
  act(() => model.load.open('local'));
  await settle();
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const edit = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
/** The error or hint under a field, found the way a screen reader finds it. */
const noteOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
const advanced = () => screen.getByTestId('load-advanced') as HTMLDetailsElement;
const loads = (api: MemoryPlatform) =>
  api.calls.filter((c) => c.channel === 'backend:load').map((c) => c.input as InvokeInput<'backend:load'>);

async function submit(): Promise<void> {
  fireEvent.click(screen.getByTestId('load-submit'));
  await settle();
}

describe('LoadDialog', () => {
  it('is closed until asked, then opens with the saved settings and the model path focused', async () => {
    const { model, t } = await renderWithApp(<LoadDialogWithWatch />, {
      platform: {
        settings: { ...memoryDefaultSettings(), load: { ...memoryDefaultSettings().load, modelPath: SAVED_MODEL } },
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await open(model);
    expect(screen.getByRole('dialog', { name: t('load.title') })).toBeTruthy();
    expect(field('model-path').value).toBe(SAVED_MODEL);
    expect(document.activeElement).toBe(field('model-path'));
    expect(advanced().open).toBe(false);
  });

  it('shows each validation error under its own field, focuses the first, and loads nothing', async () => {
    const { api, t } = await renderOpenDialog();
    edit('ctx-size', '');
    edit('port', 'abc');
    await submit();
    expect(field('ctx-size').getAttribute('aria-invalid')).toBe('true');
    expect(noteOf(field('ctx-size'))).toBe(t('load.error.required'));
    expect(field('port').getAttribute('aria-invalid')).toBe('true');
    expect(noteOf(field('port'))).toBe(t('load.error.wholeNumber'));
    // A valid field says nothing is wrong with it.
    expect(field('batch-size').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getAllByTestId('field-error')).toHaveLength(2);
    expect(document.activeElement).toBe(field('ctx-size'));
    expect(loads(api)).toEqual([]);
  });

  it('editing a field clears its error, and the others keep theirs', async () => {
    const { t } = await renderOpenDialog();
    edit('ctx-size', '1e3');
    edit('port', 'abc');
    await submit();
    edit('port', '8081');
    expect(field('port').getAttribute('aria-invalid')).toBe('false');
    expect(noteOf(field('port'))).not.toBe(t('load.error.wholeNumber'));
    expect(noteOf(field('ctx-size'))).toBe(t('load.error.wholeNumber'));
  });

  it('opens the Advanced section by itself for an error inside it, not for one outside', async () => {
    await renderOpenDialog();
    edit('ctx-size', 'lots');
    await submit();
    expect(advanced().open).toBe(false);

    edit('ctx-size', '4096');
    edit('port', 'abc');
    expect(advanced().open).toBe(false);
    await submit();
    expect(advanced().open).toBe(true);
  });

  it('loads with the typed settings and closes when they are valid', async () => {
    const { api } = await renderOpenDialog();
    edit('ctx-size', '8192');
    edit('port', '8081');
    await submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(loads(api)).toHaveLength(1);
    expect(loads(api)[0]).toMatchObject({
      modelPath: SAVED_MODEL,
      contextSize: 8192,
      port: 8081,
      exposeOnNetwork: false,
    });
    expect(api.state.status.state).toBe('ready');
  });

  it("keeps the form open with the core's error and the log tail when the load fails", async () => {
    const { api } = await renderOpenDialog();
    edit('model-path', '/models/missing.gguf');
    await submit();
    const error = await screen.findByTestId('load-error');
    expect(error.dataset.code).toBe('model_missing');
    expect(error.textContent).toContain('model file not found: /models/missing.gguf');
    expect(screen.getByTestId('load-error-log').textContent).toContain('failed to load model');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(field('model-path').value).toBe('/models/missing.gguf');
    expect(loads(api)).toHaveLength(1);
  });

  it('disables Load while the form names a file it flagged as bad, and enables it for a good one', async () => {
    const { api, t } = await renderOpenDialog();
    const load = () => screen.getByTestId('load-submit') as HTMLButtonElement;
    await waitFor(() => expect(screen.getByTestId('model-facts')).toBeTruthy());
    expect(load().disabled).toBe(false);
    edit('model-path', '/models/notes.txt');
    await waitFor(() => expect(screen.getByTestId('inspect-error').dataset.code).toBe('model_invalid'));
    expect(load().disabled).toBe(true);
    expect(load().title).toBe(t('load.submitBadFile'));
    fireEvent.submit(load().closest('form') as HTMLFormElement);
    await settle();
    expect(loads(api)).toEqual([]);
    edit('model-path', SAVED_MODEL);
    await waitFor(() => expect(load().disabled).toBe(false));
  });

  it('says when the model loaded before runs again after the new one failed', async () => {
    const message =
      'cut.gguf did not start: tensor data is not within the file bounds (llama-server exit code 1); qwen, the model loaded before, is running again';
    const { api, t } = await renderOpenDialog({
      before: async ({ api }) =>
        api.handle('backend:load', () => ({
          ok: false,
          error: {
            code: 'backend_failed',
            message,
            details: {
              restoredModel: 'qwen',
              logTail: ['error loading model'],
              startFailureCode: 'backend_failed',
              serverSaid: 'tensor data is not within the file bounds',
              exitCode: 1,
            },
          },
        })),
    });
    await submit();
    expect((await screen.findByTestId('load-error-restored')).textContent).toBe(t('load.restored', { name: 'qwen' }));
    // Why, in the page's words around llama-server's own, with the core's sentence as its tooltip.
    const why = screen.getByTestId('load-error-why');
    expect(why.textContent).toBe(
      'llama-server said: “tensor data is not within the file bounds” (llama-server exit code 1)',
    );
    expect(why.getAttribute('title')).toBe(message);
    expect(loads(api)).toHaveLength(1);
  });

  it('says when the model loaded before did not start again either, so no model runs', async () => {
    const { t } = await renderOpenDialog({
      before: async ({ api }) =>
        api.handle('backend:load', () => ({
          ok: false,
          error: {
            code: 'backend_failed',
            message: 'cut.gguf did not start; qwen, the model loaded before, did not start again either: gone',
            details: { restoreFailedModel: 'qwen', restoreFailedWhy: 'gone' },
          },
        })),
    });
    await submit();
    expect((await screen.findByTestId('load-error-not-restored')).textContent).toBe(
      t('load.notRestored', { name: 'qwen' }),
    );
    expect(screen.queryByTestId('load-error-restored')).toBeNull();
  });

  it('Esc closes it without loading', async () => {
    const { api } = await renderOpenDialog();
    edit('port', '9000');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(loads(api)).toEqual([]);
  });
});

describe('LoadDialog, exposing the server on the network', () => {
  it('shows a warning and a password field for the API key only once the box is ticked', async () => {
    const { t } = await renderOpenDialog();
    expect(screen.queryByTestId('load-api-key')).toBeNull();
    expect(screen.queryByTestId('expose-warning')).toBeNull();
    fireEvent.click(field('expose-network'));
    expect(screen.getByTestId('expose-warning').textContent).toBe(t('load.exposeWarning'));
    expect(field('load-api-key').type).toBe('password');
    expect(field('load-api-key').value).toBe('');
    fireEvent.click(field('expose-network'));
    expect(screen.queryByTestId('load-api-key')).toBeNull();
  });

  it('refuses to expose without a key, with the error in the Advanced section opened for it', async () => {
    const { api, t } = await renderOpenDialog();
    fireEvent.click(field('expose-network'));
    // Opened by hand and closed again before submitting: the error must still be seen.
    const summary = advanced().querySelector('summary') as HTMLElement;
    fireEvent.click(summary);
    await settle();
    expect(advanced().open).toBe(true);
    fireEvent.click(summary);
    await settle();
    expect(advanced().open).toBe(false);
    await submit();
    expect(advanced().open).toBe(true);
    expect(noteOf(field('load-api-key'))).toBe(t('load.error.exposeNeedsKey'));
    expect(loads(api)).toEqual([]);
  });

  it('with a key stored shows "Key stored" and no field holding it; Replace asks for a new one, Remove marks it for removal', async () => {
    const { t } = await renderOpenDialog({
      before: async ({ api }) =>
        api.handle('backend:api-key', () => ({ ok: true, value: { hasKey: true, protection: 'os-keychain' } })),
    });
    fireEvent.click(field('expose-network'));
    expect(screen.getByTestId('load-key-stored').textContent).toContain(
      t('link.keyStored', { protection: t('secrets.osKeychain') }),
    );
    expect(screen.queryByTestId('load-api-key')).toBeNull();

    fireEvent.click(screen.getByTestId('load-key-replace'));
    expect(field('load-api-key').value).toBe('');
    expect(field('load-api-key').type).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: t('link.keyKeep') }));
    fireEvent.click(screen.getByTestId('load-key-remove'));
    expect(screen.getByTestId('load-key-removing').textContent).toContain(t('link.keyWillBeRemoved'));
  });

  it('sends a typed key once with the load, then keeps only "Key stored" in the page', async () => {
    const { api, model } = await renderOpenDialog();
    fireEvent.click(field('expose-network'));
    edit('load-api-key', 'sekret-123');
    await submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(loads(api).map((load) => [load.exposeOnNetwork, load.apiKey])).toEqual([[true, 'sekret-123']]);

    await open(model);
    expect(field('expose-network').checked).toBe(true);
    expect(screen.getByTestId('load-key-stored')).toBeTruthy();
    const values = [...document.querySelectorAll('input')].map((input) => input.value);
    expect(values).not.toContain('sekret-123');
  });
});
