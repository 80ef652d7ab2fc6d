// knowledge.ingest_ratio: passages per second through the app (addPaths → the
// queue → extract, /tokenize, cut, /v1/embeddings, LanceDB, catalog → idle,
// including the final index update) divided by passages per second of bare
// /v1/embeddings POSTs, one after another, of exactly the same passage texts in
// the same requests (each file's passages in batches of the batch size, as the
// app sends them) to the same server, so the ratio is the app's own cost and
// nothing else. App and raw runs alternate in pairs, which goes first
// alternating too; the value is the median of the pairs' ratios, which a load
// that comes and goes moves less than a ratio of medians.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { cutSections } from '@main/services/knowledge/cut-sections';
import { embedTexts, tokenizeBytes } from '@main/services/knowledge/embedding-client';
import type { EmbeddingEndpoint } from '@main/services/knowledge/embedding-server';
import type { Embedder } from '@main/services/knowledge/embedder';
import { extractLimits } from '@main/services/knowledge/extract/extract-limits';
import { extractFile } from '@main/services/knowledge/extract/extract-text';
import { defaultKnowledgeSettings, type KnowledgeSettings } from '@shared/knowledge/knowledge-settings';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';
import { writeCorpusFiles } from './knowledge-corpus';
import { median, round } from './stats';
import type { BenchResult } from './types';

export interface IngestPlan {
  files: number;
  wordsPerFile: number;
  runs: number;
  /** passage size and batch size; the rest are the app's defaults */
  settings: Pick<KnowledgeSettings, 'passageTokens' | 'overlapTokens' | 'batchSize'>;
}

/** Each file's passages as the app cuts them, with its own extractor, tokenizer and cutter. */
async function passagesOf(
  paths: readonly string[],
  endpoint: EmbeddingEndpoint,
  settings: IngestPlan['settings'],
): Promise<string[][]> {
  const out: string[][] = [];
  for (const path of paths) {
    const { sections } = await extractFile(path, extractLimits(64 * 1024 * 1024));
    const cut = await cutSections(sections, {
      passageTokens: settings.passageTokens,
      overlapTokens: settings.overlapTokens,
      tokenize: (text) => tokenizeBytes(endpoint, text),
    });
    out.push(cut.map((p) => p.text));
  }
  return out;
}

async function rawRun(endpoint: EmbeddingEndpoint, files: readonly string[][], batchSize: number): Promise<number> {
  const started = performance.now();
  for (const texts of files)
    for (let i = 0; i < texts.length; i += batchSize) await embedTexts(endpoint, texts.slice(i, i + batchSize));
  return performance.now() - started;
}

async function appRun(
  embedder: Embedder,
  folder: string,
  settings: IngestPlan['settings'],
): Promise<{ ms: number; passages: number; files: number }> {
  const kb = await makeKnowledgeHarness(embedder, settings);
  try {
    const { id } = await kb.service.create('Bench');
    const started = performance.now();
    await kb.service.addPaths(id, [folder]);
    await kb.service.idle();
    const ms = performance.now() - started;
    const base = kb.service.list().bases.find((b) => b.id === id)!;
    const failed = base.files.filter((f) => f.state !== 'indexed');
    if (failed.length > 0) throw new Error(`${failed.length} files were not indexed: ${failed[0]!.error?.message}`);
    return { ms, passages: await kb.service.store.count(id), files: base.files.length };
  } finally {
    await kb.dispose();
  }
}

export async function benchIngest(
  embedder: Embedder,
  endpoint: EmbeddingEndpoint,
  root: string,
  plan: IngestPlan,
): Promise<BenchResult> {
  const folder = await writeCorpusFiles(join(root, 'corpus'), plan.files, plan.wordsPerFile);
  try {
    const paths = (await readdir(folder)).sort().map((name) => join(folder, name));
    const files = await passagesOf(paths, endpoint, plan.settings);
    const passages = files.reduce((sum, texts) => sum + texts.length, 0);
    // Warm both paths (the first app run pays for loading the extractors and LanceDB's first table).
    await rawRun(endpoint, files.slice(0, 4), plan.settings.batchSize);
    await appRun(embedder, folder, plan.settings);
    const app: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < plan.runs; i++) {
      if (i % 2 === 1) raw.push(await rawRun(endpoint, files, plan.settings.batchSize));
      const run = await appRun(embedder, folder, plan.settings);
      if (run.passages !== passages)
        throw new Error(`the app stored ${run.passages} passages; the same cutter gave ${passages}`);
      app.push(run.ms);
      if (i % 2 === 0) raw.push(await rawRun(endpoint, files, plan.settings.batchSize));
    }
    const rate = (ms: number) => round((passages / ms) * 1000, 1);
    return {
      bench: 'knowledge.ingest_ratio',
      value: round(median(app.map((ms, i) => raw[i]! / ms)), 3),
      unit: 'ratio',
      goal: '>= 0.9',
      app_passages_per_s: rate(median(app)),
      raw_passages_per_s: rate(median(raw)),
      ratio_of_medians: round(median(raw) / median(app), 3),
      passages,
      files: plan.files,
      requests: files.reduce((sum, texts) => sum + Math.ceil(texts.length / plan.settings.batchSize), 0),
      ...plan.settings,
      pairs: plan.runs,
      server_threads: process.env.EVA_BENCH_EMBED_THREADS || 'auto (the app default)',
      app_runs_ms: app.map((ms) => round(ms, 0)),
      raw_runs_ms: raw.map((ms) => round(ms, 0)),
      measure:
        'app: addPaths → idle on an empty base (extract, /tokenize, cut, embed, LanceDB, catalog, index update); raw: the same /v1/embeddings requests one after another; median of paired ratios',
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export const benchIngestSettings = (): IngestPlan['settings'] => {
  const defaults = defaultKnowledgeSettings();
  return {
    passageTokens: defaults.passageTokens,
    overlapTokens: defaults.overlapTokens,
    batchSize: defaults.batchSize,
  };
};
