// For the image tests: the real sd-cli where it could be built (bin/cpu/sd-cli,
// which `npm test` builds only from a source directory named by EVA_SD_SOURCE,
// since a machine without the internet has no stable-diffusion.cpp source),
// the tiny random-weight SD1 model made at test time, and the stand-in sd-cli
// for everything that does not need real pictures.
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeSdModel, tinySdModelPath } from '@scripts/fixtures/make-sd-model';
import { testAssets } from '@test-support/test-assets';
import { SD_CLI_BINARY } from '@main/services/images/find-sd-cli';

export const sdAssets = {
  binDir: testAssets.binDir,
  cli: join(testAssets.binDir, 'cpu', SD_CLI_BINARY),
  tinyModel: tinySdModelPath(testAssets.root),
};

/** Whether the real sd-cli is there: the tests that need it run only then, and say so in their names. */
export const realSdCli = existsSync(sdAssets.cli);

/** The tiny SD1 model, written the first time a test needs it (≈ 342 MB, about a second); never committed. */
export async function ensureTinySdModel(): Promise<string> {
  const { path } = await makeSdModel({ repoRoot: testAssets.root, log: () => {} });
  return path;
}

const STAND_IN = fileURLToPath(new URL('./stand-in-sd-cli.mjs', import.meta.url));

/** A bin dir whose cpu/sd-cli is the stand-in (a shell wrapper around the Node script); returns the bin dir. */
export async function installStandInSdCli(dir: string): Promise<string> {
  const binDir = join(dir, 'stand-in-bin');
  await mkdir(join(binDir, 'cpu'), { recursive: true });
  const wrapper = join(binDir, 'cpu', SD_CLI_BINARY);
  await writeFile(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${STAND_IN}" "$@"\n`);
  await chmod(wrapper, 0o755);
  return binDir;
}
