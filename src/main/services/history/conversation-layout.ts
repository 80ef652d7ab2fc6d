// Where a conversation lives on disk, `<historyDir>/<id>/`, and how its meta.json is written.
import { join } from 'node:path';
import type { ConversationMeta } from '@shared/history/types';

export interface ConversationPaths {
  dir: string;
  meta: string;
  log: string;
  corrupt: string;
  /** the summary checkpoints (checkpoint-file.ts); absent in conversations that never had one */
  checkpoints: string;
}

export function conversationPaths(historyDir: string, id: string): ConversationPaths {
  const dir = join(historyDir, id);
  return {
    dir,
    meta: join(dir, 'meta.json'),
    log: join(dir, 'messages.jsonl'),
    corrupt: join(dir, 'messages.jsonl.corrupt'),
    checkpoints: join(dir, 'checkpoints.json'),
  };
}

export function serializeMeta(meta: ConversationMeta): string {
  return `${JSON.stringify(meta, null, 2)}\n`;
}
