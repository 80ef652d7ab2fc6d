// House style: comments refer only to what is in the repository (no tracker numbers), and a
// cross-reference is kept true when what it names moves. Every source file in src, scripts,
// bench and e2e is read and checked by commentProblems; the examples below pin down what it
// flags and what it leaves alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_ALIASES } from '../../aliases.config.ts';
import {
  citablePaths,
  citationsIn,
  commentProblems,
  commentsOf,
  declaredNames,
  parseSource,
  type KnownReferences,
} from './comment-references.ts';

const root = join(import.meta.dirname, '..', '..');
const CHECKED = ['src', 'scripts', 'bench', 'e2e'];
const SOURCE = /\.(?:[cm]?[jt]s|tsx|css)$/;
// Built or fetched, never written by hand: nothing a comment should point into.
const NOT_OURS = new Set(['node_modules', 'out', 'bin', 'dist', 'test-results', 'playwright-report']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_OURS.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const fromRoot = (path: string): string => relative(root, path).split(sep).join('/');
const aliases = Object.fromEntries(Object.entries(IMPORT_ALIASES).map(([alias, dir]) => [alias, fromRoot(dir)]));

function knownFrom(files: Record<string, string>): KnownReferences {
  const names = new Set<string>();
  for (const [path, source] of Object.entries(files))
    if (!path.endsWith('.css')) for (const name of declaredNames(parseSource(source, path))) names.add(name);
  return { names, paths: citablePaths(Object.keys(files)), aliases };
}

/** The problems in `file`, checked against a made-up repository of `files`. */
function problems(files: Record<string, string>, file: string): string[] {
  const source = files[file] ?? '';
  return commentProblems(commentsOf(source, file), knownFrom(files)).map(
    (problem) => `${problem.line} ${problem.kind} ${problem.found}`,
  );
}

describe('tracker citations', () => {
  it('flags an issue, ticket or bug number, a hashed number and a design seed, in any case', () => {
    for (const [text, found] of [
      ['(issue 16)', 'issue 16'],
      ['Issue 11, point 2', 'Issue 11'],
      ['issues 3/4', 'issues 3/4'],
      ['see ticket #7', 'ticket #7'],
      ['bug 12', 'bug 12'],
      ['fixed in (#16)', '#16'],
      ['a sibling, seed 002', 'seed 002'],
      ["Seed 004's nudge", 'Seed 004'],
      ['the agent loop (seeds 003/004, 000)', 'seeds 003/004, 000'],
    ])
      expect(citationsIn(`// ${text}`), text).toEqual([found]);
  });

  it('passes a sampler seed, a colour, an entity and words that only look like one', () => {
    for (const text of ['seed 42', 'euler_a · seed 1234', 'color: #fff', '#1e1e1e', '&#39;', 'two issues remain'])
      expect(citationsIn(`/* ${text} */`), text).toEqual([]);
  });

  it('reads comments only: a citation in a string, a template, a regex or JSX text is not one', () => {
    const file = [
      "const a = 'issue 16'; // the first (issue 16)",
      'const b = `// issue 17 ${a} /* issue 18 */`;',
      'const c = /\\/\\/ issue 19/;',
      '/**',
      ' * A block (seed 002).',
      ' */',
      'export const d = <p>{/* issue 20 */}// issue 21</p>;',
    ].join('\n');
    expect(problems({ 'src/x.tsx': file }, 'src/x.tsx')).toEqual([
      '1 citation issue 16',
      '4 citation seed 002',
      '7 citation issue 20',
    ]);
  });

  it('reads a stylesheet’s comments', () => {
    const css = ['.a { color: #333; }', '/* whole each time (issue 16) */', '.b { content: "issue 17"; }'].join('\n');
    expect(problems({ 'src/x.css': css }, 'src/x.css')).toEqual(['2 citation issue 16']);
  });
});

describe('cross-references', () => {
  const repo = {
    'src/main/services/pool/pool-module.ts':
      'export function openPool() {}\nexport const poolOf = () => ({ stop() {} });',
    'src/main/services/process/launch.ts':
      "import { spawn } from 'node:child_process';\nexport function launchProcess() {}",
    'src/renderer/src/features/frame/HomeView.tsx': 'export function HomeView() { return null; }',
  };

  it('passes a call or a camel-case name that is declared, imported or global, and a file that is there', () => {
    const file = [
      '// `openPool()` and `pool.stop()` (poolOf), `launchProcess`, `spawn()`, `fetch()`, `structuredClone()`.',
      '// Files: launch.ts, process/launch.ts, src/main/services/process/launch.ts, ../process/launch.ts,',
      '// frame/HomeView.tsx, @renderer/features/frame/HomeView.tsx, @main/services/pool/pool-module.ts.',
      "// Not references: `answer`, `max_tokens`, `LOG_LEVEL`, `npm run serve`, eva's `--json`, out/main/host.js.",
    ].join('\n');
    expect(problems({ ...repo, 'src/main/x.ts': file }, 'src/main/x.ts')).toEqual([]);
  });

  it('flags a call, a camel-case name and a file that are not there any more', () => {
    const file = [
      '// Stopped by `stopPool()` (was renamed), through `supervisor.launchChild()` and `openLibrary`.',
      '// The page: shell/HomeView.tsx, @renderer/features/shell/HomeView.tsx; the store: conventions-store.ts.',
      "const note = 'a `gone()` in a string is no reference';",
    ].join('\n');
    expect(problems({ ...repo, 'src/main/x.ts': file }, 'src/main/x.ts')).toEqual([
      '1 stale-name stopPool',
      '1 stale-name launchChild',
      '1 stale-name openLibrary',
      '2 stale-file shell/HomeView.tsx',
      '2 stale-file @renderer/features/shell/HomeView.tsx',
      '2 stale-file conventions-store.ts',
    ]);
  });
});

describe('the repository', () => {
  // Parses every source file (about 1,400): a few seconds alone, much longer on two busy cores.
  it('cites no tracker number, and every name and file its comments cite is there', { timeout: 180_000 }, () => {
    const everyFile = filesUnder(root).map(fromRoot);
    const sources = everyFile.filter((path) => CHECKED.some((dir) => path.startsWith(`${dir}/`)) && SOURCE.test(path));
    const texts = new Map(sources.map((path) => [path, readFileSync(join(root, path), 'utf8')]));
    const parsed = new Map(
      sources.filter((path) => !path.endsWith('.css')).map((path) => [path, parseSource(texts.get(path) ?? '', path)]),
    );
    const names = new Set<string>();
    for (const file of parsed.values()) for (const name of declaredNames(file)) names.add(name);
    const known: KnownReferences = { names, paths: citablePaths(everyFile), aliases };

    const found = sources.flatMap((path) =>
      commentProblems(commentsOf(texts.get(path) ?? '', path, parsed.get(path)), known).map(
        (problem) => `${path}:${problem.line}: ${problem.kind} ${problem.found}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
