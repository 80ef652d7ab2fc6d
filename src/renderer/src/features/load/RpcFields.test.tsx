// @vitest-environment jsdom
// The RPC part of the load dialog says that workers on this machine are open to
// every local user, in each language, and only where workers run here.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { defaultSettings } from '@shared/default-settings';
import zh from '@resources/i18n/zh.json';
import { catalogs } from '../../i18n';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { formFromSettings, type LoadForm } from './load-form';
import { RpcFields } from './RpcFields';

afterEach(cleanupApps);

const form = (patch: Partial<LoadForm>): LoadForm => ({ ...formFromSettings(defaultSettings().load), ...patch });

describe('RpcFields', () => {
  it('warns that local workers are open to every user of this machine, in English and Chinese', async () => {
    await renderWithApp(<RpcFields form={form({ rpcMode: 'local' })} errors={{}} edit={() => {}} />);
    expect(screen.getByTestId('rpc-local-users').textContent).toBe(catalogs.en['load.rpc.localUsers']);
    expect(catalogs.en['load.rpc.localUsers']).toMatch(/any program of any user of this machine/);
    cleanupApps();
    await renderWithApp(<RpcFields form={form({ rpcMode: 'local' })} errors={{}} edit={() => {}} />, {
      language: 'zh',
    });
    expect(screen.getByTestId('rpc-local-users').textContent).toBe(zh['load.rpc.localUsers']);
  });

  it('says nothing of it without local workers', async () => {
    await renderWithApp(<RpcFields form={form({ rpcMode: 'remote' })} errors={{}} edit={() => {}} />);
    expect(screen.queryByTestId('rpc-local-users')).toBeNull();
  });
});
