// A core for integration tests, as the browser host makes one, on the provisioned binaries with English as the
// system language; a test passes only what it changes (its data dir, timings, a stand-in's bin dir).
import { createCore } from '@main/core';
import type { Core, CoreOptions } from '@main/core-options';
import { testAssets } from './test-assets';

export function createTestCore(dataDir: string, options: Partial<CoreOptions> = {}): Promise<Core> {
  return createCore({
    host: 'browser',
    version: '0',
    dataDir,
    binDirs: [testAssets.binDir],
    systemLanguage: 'en',
    ...options,
  });
}
