// The import-boundary rules (.dependency-cruiser.cjs) catch what they are for: each
// rule is run by the real dependency-cruiser over a tiny tree that breaks it once,
// and the real tree passes. A rule that stopped matching would fail here.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const config = join(root, '.dependency-cruiser.cjs');
let tree: string;

async function put(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), text);
  }
}

/** The rule names dependency-cruiser reports for `dirs`, run in `cwd`. */
async function violations(cwd: string, dirs: string[]): Promise<string[]> {
  const run = await promisify(execFile)(depcruise, [...dirs, '--config', config, '--output-type', 'json'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return report.summary.violations.map((violation) => violation.rule.name).sort();
}

beforeAll(async () => {
  tree = await mkdtemp(join(tmpdir(), 'eva-boundaries-'));
  await cp(join(root, 'tsconfig.base.json'), join(tree, 'tsconfig.base.json'));
}, 60_000);
afterAll(() => rm(tree, { recursive: true, force: true }));

describe('import boundaries', () => {
  it('flag a cycle, two features importing each other, a service reaching up, shared importing main, test support in app code, and a feature internal', async () => {
    await put({
      'src/shared/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/shared/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'src/shared/plain.ts': "import { core } from '../main/core';\nexport const plain = core;\n",
      'src/main/core.ts': 'export const core = 1;\n',
      'src/main/services/s.ts': "import { core } from '../core';\nexport const s = core;\n",
      'src/main/services/uses-fixture.ts':
        "import { fixture } from '../../test-support/fixture';\nexport const u = fixture;\n",
      'src/test-support/fixture.ts': 'export const fixture = 1;\n',
      'src/renderer/src/features/chat/inner.ts': 'export const inner = 1;\n',
      'src/renderer/src/features/chat/chat-store.ts': 'export const store = 1;\n',
      'src/renderer/src/features/voice/v.ts':
        "import { inner } from '../chat/inner';\nimport { store } from '../chat/chat-store';\nexport const v = inner + store;\n",
      // No file cycle, but the two features import each other.
      'src/renderer/src/features/alpha/one.ts': "import { x } from '../beta/x';\nexport const one = x;\n",
      'src/renderer/src/features/alpha/two.ts': 'export const two = 2;\n',
      'src/renderer/src/features/beta/x.ts': 'export const x = 1;\n',
      'src/renderer/src/features/beta/y.ts': "import { two } from '../alpha/two';\nexport const y = two;\n",
    });
    expect(await violations(tree, ['src'])).toEqual([
      'feature-surface-chat',
      'no-circular',
      'no-feature-cycles',
      'no-feature-cycles',
      'services-stay-down',
      'shared-is-plain',
      'test-support-only-in-tests',
    ]);
  }, 60_000);

  it('the project itself has no violation', async () => {
    expect(await violations(root, ['src', 'bench', 'e2e'])).toEqual([]);
  }, 120_000);
});
