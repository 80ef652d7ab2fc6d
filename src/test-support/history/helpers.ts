// Shared by the history tests: a temp folder per test and a file layer whose
// writes can be made to fail like a full or read-only disk (tests run as root,
// where chmod stops nothing).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { HistoryNotice } from '@shared/history/types';
import { nodeHistoryFs, type HistoryFs } from '@main/services/history/history-fs';
import { HistoryStore, type HistoryStoreOptions } from '@main/services/history/history-store';

/** A fresh folder, removed when the calling test finishes. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-history-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }));
  return dir;
}

export interface FaultyFs extends HistoryFs {
  /** errno every write fails with, or null */
  failWith: string | null;
  /** when failing an append, first write this many bytes of it (a disk filling up mid-line) */
  partialBytes: number;
  /** fail only writes to paths matching this (null: all) */
  only: RegExp | null;
}

export function faultyFs(): FaultyFs {
  const fault = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: simulated`), { code });
  const failing = (path: string): boolean =>
    faulty.failWith !== null && (faulty.only === null || faulty.only.test(path));
  const faulty: FaultyFs = {
    ...nodeHistoryFs,
    failWith: null,
    partialBytes: 0,
    only: null,
    async appendDurable(path, data) {
      if (!failing(path)) return nodeHistoryFs.appendDurable(path, data);
      const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data);
      if (faulty.partialBytes > 0)
        await nodeHistoryFs.appendDurable(path, bytes.subarray(0, Math.min(faulty.partialBytes, bytes.length)));
      throw fault(faulty.failWith as string);
    },
    async writeAtomic(path, data) {
      if (failing(path)) throw fault(faulty.failWith as string);
      return nodeHistoryFs.writeAtomic(path, data);
    },
    async mkdir(path) {
      if (failing(path)) throw fault(faulty.failWith as string);
      return nodeHistoryFs.mkdir(path);
    },
    async rename(from, to) {
      if (failing(to)) throw fault(faulty.failWith as string);
      return nodeHistoryFs.rename(from, to);
    },
  };
  return faulty;
}

/** A store on `dir` that records its notices; the clock is real unless given. */
export function storeOn(
  dir: string,
  options: Partial<HistoryStoreOptions> = {},
): { store: HistoryStore; notices: HistoryNotice[] } {
  const notices: HistoryNotice[] = [];
  const store = new HistoryStore({ historyDir: dir, notify: (n) => notices.push(n), indexFlushMs: 20, ...options });
  // Closed when the test ends, before its folder goes (these hooks run last-registered first): a store
  // left open could still flush its index into the folder while it is removed (ENOTEMPTY).
  onTestFinished(() => store.close().catch(() => undefined));
  return { store, notices };
}
