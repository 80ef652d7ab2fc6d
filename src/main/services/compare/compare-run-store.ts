// Compare runs on disk: one JSON file per run under `<data>/compare/runs/`,
// replaced whole and atomically (temp file, fsync, rename) each time the run
// changes, one write at a time per run; the saved prompt sets in one file
// beside them. A file that does not read as a run is left where it is and out
// of the list, and the list says how many were left out.
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { StoredCompareRunSchema, StoredPromptSetsSchema } from '@shared/compare/compare-schemas';
import type { ComparePromptSet, CompareRun, CompareRunSummary } from '@shared/compare/compare-types';
import { summaryOf } from '@shared/compare/compare-view';
import { settledAfterStop } from '@shared/compare/compare-run';
import { AppFailure } from '@shared/errors';
import { writeFileAtomic } from '../fs/atomic-write';
import { ifExists } from '../fs/if-exists';
import { KeyedQueue } from '../history/keyed-queue';

const RUN_FILE = /^([a-z0-9][a-z0-9-]{0,63})\.json$/;

export class CompareRunStore {
  private readonly runsDir: string;
  private readonly setsFile: string;
  private readonly queue = new KeyedQueue();
  /** every readable run's summary, read once from disk and kept in step with each write */
  private summaries: Map<string, CompareRunSummary> | null = null;
  private unreadable = 0;

  constructor(dir: string) {
    this.runsDir = join(dir, 'runs');
    this.setsFile = join(dir, 'prompt-sets.json');
  }

  save(run: CompareRun): Promise<void> {
    return this.queue.run(run.id, async () => {
      await mkdir(this.runsDir, { recursive: true });
      await writeFileAtomic(this.fileOf(run.id), `${JSON.stringify(run)}\n`);
      this.summaries?.set(run.id, summaryOf(run));
    });
  }

  /** A saved run; one that was answering when EVA stopped comes back stopped, with what had arrived. */
  async load(id: string): Promise<CompareRun> {
    const text = await this.queue.run(id, () => ifExists(readFile(this.fileOf(id), 'utf8')));
    if (text === null) throw new AppFailure('not_found', `no compare run ${id}`, { id });
    const parsed = StoredCompareRunSchema.safeParse(safeJson(text));
    if (!parsed.success || parsed.data.id !== id)
      throw new AppFailure('internal', `the compare run ${id} could not be read: its file is damaged`, { id });
    return settledAfterStop(parsed.data);
  }

  /** The saved runs, newest first, and how many files could not be read. */
  async list(): Promise<{ runs: CompareRunSummary[]; unreadable: number }> {
    if (!this.summaries) await this.readAll();
    const runs = [...this.summaries!.values()].sort((a, b) => b.createdAt - a.createdAt);
    return { runs, unreadable: this.unreadable };
  }

  async remove(id: string): Promise<boolean> {
    return this.queue.run(id, async () => {
      const file = this.fileOf(id);
      const existed = (await ifExists(readFile(file))) !== null;
      await rm(file, { force: true });
      this.summaries?.delete(id);
      return existed;
    });
  }

  async promptSets(): Promise<ComparePromptSet[]> {
    const text = await ifExists(readFile(this.setsFile, 'utf8'));
    if (text === null) return [];
    const parsed = StoredPromptSetsSchema.safeParse(safeJson(text));
    if (!parsed.success)
      throw new AppFailure('internal', 'the saved prompt sets could not be read: their file is damaged');
    return parsed.data.sets;
  }

  /** Replaces the set called `name` with `set` (null: deletes it); answers the sets by name. */
  changePromptSets(name: string, set: ComparePromptSet | null): Promise<ComparePromptSet[]> {
    return this.queue.run('\0prompt-sets', async () => {
      const kept = (await this.promptSets()).filter((other) => other.name !== name);
      const sets = (set ? [...kept, set] : kept).sort((a, b) => a.name.localeCompare(b.name));
      await mkdir(join(this.setsFile, '..'), { recursive: true });
      await writeFileAtomic(this.setsFile, `${JSON.stringify({ version: 1, sets }, null, 2)}\n`);
      return sets;
    });
  }

  /** Every write asked for so far is on disk. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private fileOf(id: string): string {
    if (!RUN_FILE.test(`${id}.json`)) throw new AppFailure('bad_request', `not a compare run id: ${id}`);
    return join(this.runsDir, `${id}.json`);
  }

  private async readAll(): Promise<void> {
    const summaries = new Map<string, CompareRunSummary>();
    let unreadable = 0;
    const names = (await ifExists(readdir(this.runsDir))) ?? [];
    for (const name of names) {
      const id = RUN_FILE.exec(name)?.[1];
      if (!id) continue;
      try {
        summaries.set(id, summaryOf(await this.load(id)));
      } catch {
        // Counted and said in the list; the file stays for the user to look at.
        unreadable++;
      }
    }
    this.summaries = summaries;
    this.unreadable = unreadable;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
