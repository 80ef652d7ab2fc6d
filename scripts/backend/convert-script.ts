// Installs llama.cpp's convert_hf_to_gguf.py into bin/convert/ with what it
// imports from its source tree, so the app converts without the tree in .cache
// (and a packaged app carries it in resources/bin/convert/): the script, its
// conversion/ package (one module per model family), gguf-py's gguf package
// (which the script puts on its own path) and models/templates/ (chat
// templates a few converters read). Python files only: no build. Same llama.cpp
// commit as the backends; convert.json records it, and an install at that
// commit is left alone.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ensureLlamaSource } from './llama-source';

export const CONVERT_SCRIPT = 'convert_hf_to_gguf.py';
/** The parts of the tree the script needs, as paths in the tree (and in bin/convert/). */
export const CONVERT_PARTS = [
  CONVERT_SCRIPT,
  'conversion',
  join('gguf-py', 'gguf'),
  join('models', 'templates'),
] as const;
const RECORD = 'convert.json';

export interface ConvertScriptRecord {
  llamaCppCommit: string;
  source: string;
  installedAt: string;
}

export function convertDir(repoRoot: string): string {
  return join(repoRoot, 'bin', 'convert');
}

/** Ensures bin/convert/ holds the script of the pinned llama.cpp; returns where, and whether it was (re)installed. */
export async function ensureConvertScript(options: {
  repoRoot: string;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<{ dir: string; installed: boolean }> {
  const log = options.log ?? (() => {});
  const dir = convertDir(options.repoRoot);
  const source = await ensureLlamaSource(options.repoRoot);
  const recorded = await readRecord(dir);
  if (!options.force && recorded?.llamaCppCommit === source.commit && existsSync(join(dir, CONVERT_SCRIPT))) {
    log(`bin/convert/${CONVERT_SCRIPT} is up to date (llama.cpp ${source.commit.slice(0, 8)}); nothing to do`);
    return { dir, installed: false };
  }
  const missing = CONVERT_PARTS.filter((part) => !existsSync(join(source.dir, part)));
  if (missing.length > 0)
    throw new Error(`the llama.cpp tree at ${source.dir} lacks ${missing.join(', ')}: has the script moved?`);
  // Copied beside the old one and swapped in: a running conversion keeps its files, a reader never sees half of them.
  const parent = join(options.repoRoot, 'bin');
  await mkdir(parent, { recursive: true });
  const staging = join(parent, `.convert-${process.pid}.tmp`);
  const old = join(parent, `.convert-${process.pid}.old`);
  await rm(staging, { recursive: true, force: true });
  try {
    for (const part of CONVERT_PARTS) {
      await cp(join(source.dir, part), join(staging, part), {
        recursive: true,
        filter: (from) => basename(from) !== '__pycache__' && !from.endsWith('.pyc'),
      });
    }
    const record: ConvertScriptRecord = {
      llamaCppCommit: source.commit,
      source: `node-llama-cpp@${source.packageVersion} llama/gitRelease.bundle`,
      installedAt: new Date().toISOString(),
    };
    await writeFile(join(staging, RECORD), `${JSON.stringify(record, null, 2)}\n`);
    if (existsSync(dir)) await rename(dir, old);
    await rename(staging, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
  log(
    `installed bin/convert/${CONVERT_SCRIPT} with ${CONVERT_PARTS.slice(1).join(', ')} (llama.cpp ${source.commit.slice(0, 8)})`,
  );
  return { dir, installed: true };
}

async function readRecord(dir: string): Promise<ConvertScriptRecord | null> {
  try {
    const value = JSON.parse(await readFile(join(dir, RECORD), 'utf8')) as Partial<ConvertScriptRecord>;
    return typeof value.llamaCppCommit === 'string' ? (value as ConvertScriptRecord) : null;
  } catch {
    return null;
  }
}
