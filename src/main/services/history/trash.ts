// Soft delete: conversations are moved (renamed, so instantly and atomically)
// into `<historyDir>/.trash/<token>/`, where the UI's "undo" can bring them
// back; a batch is purged once its grace period is over. The token starts with
// the deletion time, so a purge after a restart needs no other record.
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { HistoryFs } from './history-fs';

const TOKEN_PATTERN = /^(\d{1,16})-[0-9a-f]{8}$/;

export class Trash {
  constructor(
    private readonly fs: HistoryFs,
    private readonly historyDir: string,
    private readonly graceMs: number,
  ) {}

  private get root(): string {
    return join(this.historyDir, '.trash');
  }

  /** Creates the batch folder a deletion moves conversations into. */
  async openBatch(now: number): Promise<{ token: string; purgeAt: number }> {
    const token = `${now}-${randomBytes(4).toString('hex')}`;
    await this.fs.mkdir(join(this.root, token));
    return { token, purgeAt: now + this.graceMs };
  }

  async moveIn(token: string, id: string): Promise<void> {
    await this.fs.rename(join(this.historyDir, id), join(this.root, token, id));
  }

  /** Ids held by a batch; [] for an unknown or purged token. */
  async contents(token: string): Promise<string[]> {
    if (!TOKEN_PATTERN.test(token)) return [];
    return this.fs.listDirs(join(this.root, token));
  }

  async moveOut(token: string, id: string): Promise<void> {
    await this.fs.rename(join(this.root, token, id), join(this.historyDir, id));
  }

  /** Removes a batch that an undo emptied. */
  async removeBatch(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) await this.fs.remove(join(this.root, token));
  }

  /** Removes every batch whose grace period is over. */
  async purge(now: number): Promise<void> {
    for (const token of await this.fs.listDirs(this.root)) {
      const match = TOKEN_PATTERN.exec(token);
      if (match && Number(match[1]) + this.graceMs <= now) await this.fs.remove(join(this.root, token));
    }
  }
}
