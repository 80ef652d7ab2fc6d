// `checkpoints.json` as it is read back: its own format version (a file from a
// newer EVA is shown but never rewritten, like meta.json), then each checkpoint
// validated alone, so one damaged entry costs that summary only, which the model
// can write again.
import { z } from 'zod';
import { IdSchema } from './schemas';
import type { SummaryCheckpoint } from './types';

/** The checkpoints file version this build writes and fully understands. */
export const CHECKPOINT_FILE_VERSION = 1;

/** The longest summary kept; a summary is asked to be short, this only bounds a damaged or hostile file. */
export const MAX_SUMMARY_CHARS = 200_000;

export const SummaryCheckpointSchema: z.ZodType<SummaryCheckpoint> = z.object({
  id: IdSchema,
  upToId: IdSchema,
  count: z.number().int().min(1),
  hash: z.string().regex(/^[0-9a-f]{16}$/),
  summary: z.string().max(MAX_SUMMARY_CHARS),
  tokens: z.number().int().min(0).nullable(),
  model: z.string().max(1000).optional(),
  createdAt: z.number().finite(),
});

const FileSchema = z.object({ version: z.number().int().min(1), checkpoints: z.array(z.unknown()).max(10_000) });

export interface CheckpointReading {
  checkpoints: SummaryCheckpoint[];
  /** written by a newer EVA: its checkpoints are not used and the file is never rewritten */
  newer: boolean;
  /** entries (or the whole file) that did not validate and were left out */
  damaged: number;
}

/** The checkpoints of a file's text; a file that is not JSON of the right shape counts as one damaged entry. */
export function parseCheckpointFile(text: string): CheckpointReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { checkpoints: [], newer: false, damaged: 1 };
  }
  const file = FileSchema.safeParse(value);
  if (!file.success) return { checkpoints: [], newer: false, damaged: 1 };
  if (file.data.version > CHECKPOINT_FILE_VERSION) return { checkpoints: [], newer: true, damaged: 0 };
  const checkpoints: SummaryCheckpoint[] = [];
  let damaged = 0;
  for (const entry of file.data.checkpoints) {
    const parsed = SummaryCheckpointSchema.safeParse(entry);
    if (parsed.success) checkpoints.push(parsed.data);
    else damaged++;
  }
  return { checkpoints, newer: false, damaged };
}

export function serializeCheckpoints(checkpoints: readonly SummaryCheckpoint[]): string {
  return `${JSON.stringify({ version: CHECKPOINT_FILE_VERSION, checkpoints }, null, 2)}\n`;
}
