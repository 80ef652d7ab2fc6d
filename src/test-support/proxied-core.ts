// A core whose "model" says exactly what a test scripts: the real llama-server
// with the tiny model, behind the grammar proxy, reached through a saved link.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '@main/core';
import { startGrammarProxy, type GrammarProxy, type ScriptedReply } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { testAssets } from './test-assets';

export interface ProxiedCore {
  core: Core;
  proxy: GrammarProxy;
  server: TestServer;
  /** the link that goes through the proxy */
  linkId: string;
  close(): Promise<void>;
}

export async function startProxiedCore(script: readonly ScriptedReply[]): Promise<ProxiedCore> {
  const server = await startTestServer();
  const proxy = await startGrammarProxy(server.port, script);
  const core = await createCore({
    host: 'browser',
    version: '0',
    dataDir: await mkdtemp(join(tmpdir(), 'eva-proxied-')),
    binDirs: [testAssets.binDir],
    systemLanguage: 'en',
  });
  const { id: linkId } = await core.handlers['link:save']({
    profile: { name: 'proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
  });
  return {
    core,
    proxy,
    server,
    linkId,
    async close() {
      await core.dispose();
      await proxy.close();
      await server.stop();
    },
  };
}
