// @vitest-environment jsdom
// The pool tab's status after its router died: being started again (which attempt,
// and why), started again, or given up with the reason, in the UI language.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PoolSettings } from '@shared/pool/pool-settings';
import type { PoolStatus } from '@shared/pool/pool-types';
import { catalogs } from '../../i18n';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { PoolTab } from './PoolTab';

afterEach(cleanupApps);

const model = {
  id: 'alpha',
  path: '/m/alpha.gguf',
  state: 'unloaded' as const,
  port: null,
  estimatedBytes: 2 ** 20,
  lastUsedAt: null,
  error: null,
};
const base: PoolStatus = {
  state: 'ready',
  port: 4100,
  pid: 42,
  models: [model],
  maxLoaded: 1,
  budgetBytes: 2 ** 30,
  usedBytes: 0,
  error: null,
  restart: null,
};

describe('PoolTab after the router died', () => {
  it('says it is being started again, then that it was, then why it was given up', async () => {
    const { model: app, t } = await renderWithApp(<PoolTab onClose={() => undefined} />);
    const show = (status: PoolStatus) => act(() => app.pool.status.setState(status, true));

    show(base);
    expect(screen.queryByTestId('pool-restart')).toBeNull();
    expect(screen.queryByTestId('pool-status-error')).toBeNull();

    const restart = { how: 'killed by SIGKILL', attempt: 1, of: 3 };
    show({ ...base, state: 'starting', pid: null, restart });
    expect(screen.getByTestId('pool-restart').textContent).toBe(
      'The router stopped unexpectedly (killed by SIGKILL); starting it again (1 of 3). Its models load again when a conversation asks for them.',
    );

    show({ ...base, pid: 43, restart });
    expect(screen.getByTestId('pool-restart').textContent).toBe(t('pool.restarted', restart));

    show({
      ...base,
      state: 'error',
      pid: null,
      restart,
      error: {
        code: 'server_crashed',
        message: 'the model router stopped unexpectedly (killed by SIGKILL) and was restarted 3 times; giving up',
      },
    });
    expect(screen.queryByTestId('pool-restart')).toBeNull();
    expect(screen.getByTestId('pool-status-error').textContent).toContain('and was restarted 3 times; giving up');
  });
});

describe('PoolTab layout', () => {
  it('sits in the dialog body the other tabs use, which gives it its padding and its scroll', async () => {
    await renderWithApp(<PoolTab onClose={() => undefined} />);
    const body = screen.getByTestId('pool-tab').parentElement;
    expect(body?.className).toBe('dialog-body');
    // The buttons stay below the body, in the dialog's footer.
    expect(screen.getByTestId('pool-start').closest('.dialog-body')).toBeNull();
  });
});

describe('PoolTab speculative decoding', () => {
  it('gives each listed file its own choice, asks for a draft file, and starts with the draft', async () => {
    const { api } = await renderWithApp(<PoolTab onClose={() => undefined} />);
    fireEvent.change(screen.getByTestId('pool-files'), { target: { value: '/m/big.gguf\n/m/other.gguf' } });
    const rows = screen.getAllByTestId('pool-spec-row');
    expect(rows.map((row) => row.dataset.path)).toEqual(['/m/big.gguf', '/m/other.gguf']);
    fireEvent.change(within(rows[0]!).getByTestId('pool-spec-mode'), { target: { value: 'draft' } });
    fireEvent.change(within(rows[1]!).getByTestId('pool-spec-mode'), { target: { value: 'ngram' } });
    fireEvent.click(screen.getByTestId('pool-start'));
    await settle();
    expect(screen.getByTestId('pool-spec-error').textContent).toBe(catalogs.en['load.error.draftRequired']);
    expect(api.calls.some((call) => call.channel === 'pool:start')).toBe(false);

    fireEvent.change(screen.getByTestId('pool-spec-draft-path'), { target: { value: '/m/small.gguf' } });
    fireEvent.change(screen.getByTestId('pool-spec-draft-max'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('pool-start'));
    await settle();
    expect(screen.queryByTestId('pool-spec-error')).toBeNull();
    const started = api.calls.find((call) => call.channel === 'pool:start')?.input as PoolSettings;
    expect(started.models).toEqual([
      {
        path: '/m/big.gguf',
        contextSize: 0,
        speculative: { mode: 'draft', draftPath: '/m/small.gguf', draftMax: 8, draftMin: 0 },
      },
      {
        path: '/m/other.gguf',
        contextSize: 0,
        speculative: { mode: 'ngram', draftPath: '', draftMax: 3, draftMin: 0 },
      },
    ]);
  });
});
