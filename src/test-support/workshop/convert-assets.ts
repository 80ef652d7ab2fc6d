// For tests: convert_hf_to_gguf.py in bin/convert, its Python environment in
// .cache/convert-venv and the tiny Hugging Face folder, provisioned by `npm test`.
// A test that finds one missing makes it through the same provisioning code
// (saying what it does: the environment takes minutes once), and fails loudly
// with the reason when it cannot; it never skips.
import { testAssets } from '@test-support/test-assets';
import {
  convertTestPaths,
  ensureConvertTestAssets,
  type ConvertTestPaths,
} from '@scripts/fixtures/convert-test-assets';

export const convertAssets: ConvertTestPaths = convertTestPaths(testAssets.root);

/** Long enough to set the environment up from nothing on 2 cores with slow package indexes. */
export const CONVERT_SETUP_TIMEOUT_MS = 20 * 60_000;

export async function requireConvertAssets(): Promise<ConvertTestPaths> {
  try {
    return await ensureConvertTestAssets({
      repoRoot: testAssets.root,
      log: (line) => console.log(`[convert test assets] ${line}`),
    });
  } catch (error) {
    throw new Error(
      `the convert test assets could not be provisioned: ${error instanceof Error ? error.message : String(error)} — run \`npx tsx scripts/fixtures/convert-test-assets.ts\` to see why`,
      { cause: error },
    );
  }
}
