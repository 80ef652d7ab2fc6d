// A child script bundled once per test file, so each of the many starts of a crash
// test costs a plain `node` start: under `node --import tsx` every start compiles
// and resolves the script's whole module graph again (about 1.3 s of CPU for the
// history store's child, 4–5 s for the real core's, against 0.3 s and 1.2 s bundled).
// The bundle runs the same sources; each module still sees its own import.meta.url,
// so paths found from a module's place (worker entries, the repo root) stay right.
// Packages stay external, resolved from node_modules above the bundle (esbuild comes
// with tsx). The bundle is removed when the test file ends.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
import { REPO_ROOT } from './child-scripts';

const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents: source, loader: 'ts' };
    });
  },
};

/**
 * Bundles `script` (one of child-scripts.ts) before the file's tests and removes it after them; returns the bundle to
 * run with `node`, known once the tests start.
 */
export function useBundledChild(script: string): () => string {
  const dir = join(REPO_ROOT, 'node_modules', '.cache', 'eva-test-children');
  const outfile = join(dir, `${basename(script, '.ts')}-${process.pid}.mjs`);
  let built = false;
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    await build({
      entryPoints: [script],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: join(REPO_ROOT, 'tsconfig.base.json'),
      plugins: [ownImportMeta],
      logLevel: 'error',
    });
    built = true;
  });
  afterAll(() => rmSync(outfile, { force: true }));
  return () => {
    if (!built) throw new Error(`${script} is bundled in a beforeAll: start it from a test`);
    return outfile;
  };
}
