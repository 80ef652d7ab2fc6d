// Boundary schemas of the compare area: what the page may send, and what a saved
// run must look like to be read back (a damaged file is left out of the list,
// never half read).
import { z } from 'zod';
import { SamplingSchema } from '../chat/schemas';
import {
  COMPARE_COLUMN_IDS,
  COMPARE_MAX_COLUMNS,
  COMPARE_MIN_COLUMNS,
  type CompareRun,
  type CompareSettings,
} from './compare-types';

/** The most prompts one run (or a saved set) holds. */
export const COMPARE_MAX_PROMPTS = 50;
const PROMPT = z.string().trim().min(1).max(200_000);

/** A run's id: also its file name, so nothing but lower-case letters, digits and dashes. */
export const CompareRunIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'not a compare run id');

export const CompareEntrantSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), path: z.string().min(1).max(4096) }).strict(),
  z.object({ kind: z.literal('pool'), id: z.string().min(1).max(200) }).strict(),
]);

export const CompareSettingsSchema = z
  .object({
    systemPrompt: z.string().max(1_000_000),
    sampling: SamplingSchema,
    contextSize: z.number().int().min(0).max(10_000_000),
    blind: z.boolean(),
    oneAfterAnother: z.boolean().default(false),
  })
  .strict() satisfies z.ZodType<CompareSettings>;

/** A column's letter, lower case. */
const ColumnIdSchema = z
  .string()
  .regex(new RegExp(`^[${COMPARE_COLUMN_IDS.join('')}]$`), 'not a column of a comparison');
const entrants = z.array(CompareEntrantSchema).min(COMPARE_MIN_COLUMNS).max(COMPARE_MAX_COLUMNS);

export const CompareStartSchema = z
  .object({
    entrants,
    prompts: z.array(PROMPT).min(1).max(COMPARE_MAX_PROMPTS),
    settings: CompareSettingsSchema,
  })
  .strict();
export type CompareStartInput = z.infer<typeof CompareStartSchema>;

/** What the page asks before a start: together or one after another, with these models at this context. */
export const ComparePlanSchema = z
  .object({
    entrants: z.array(CompareEntrantSchema).min(1).max(COMPARE_MAX_COLUMNS),
    contextSize: z.number().int().min(0).max(10_000_000),
    oneAfterAnother: z.boolean().default(false),
  })
  .strict();

export const CompareRunRefSchema = z.object({ runId: CompareRunIdSchema }).strict();
export const CompareIdSchema = z.object({ id: CompareRunIdSchema }).strict();
export const CompareFollowUpSchema = z.object({ runId: CompareRunIdSchema, prompt: PROMPT }).strict();
export const CompareVoteSchema = z
  .object({ runId: CompareRunIdSchema, turn: z.number().int().min(0).max(10_000), columnId: ColumnIdSchema })
  .strict();
export const CompareExportSchema = z
  .object({ id: CompareRunIdSchema, format: z.enum(['json', 'csv', 'markdown']) })
  .strict();
/** The same prompts and settings again, with one column's model swapped (a new quantization) or none. */
export const CompareRepeatSchema = z
  .object({
    id: CompareRunIdSchema,
    swap: z.object({ columnId: ColumnIdSchema, entrant: CompareEntrantSchema }).strict().nullable(),
  })
  .strict();
export const ComparePromptSetSchema = z
  .object({ name: z.string().trim().min(1).max(100), prompts: z.array(PROMPT).min(1).max(COMPARE_MAX_PROMPTS) })
  .strict();
export const ComparePromptSetRefSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

const nullableNumber = z.number().nullable();

const StoredFiguresSchema = z.object({
  ttftMs: nullableNumber,
  tokensPerSecond: nullableNumber,
  promptTokensPerSecond: nullableNumber,
  promptTokens: nullableNumber,
  cachedTokens: nullableNumber,
  generatedTokens: nullableNumber,
  contextUsed: nullableNumber,
  nCtx: nullableNumber,
  peakRssBytes: nullableNumber,
  rssSamples: z.number(),
  memorySource: z.enum(['server', 'pool-model', 'none']),
  loadMs: nullableNumber,
});

const StoredAnswerSchema = z.object({
  status: z.enum(['waiting', 'loading', 'streaming', 'done', 'stopped', 'error']),
  content: z.string(),
  reasoning: z.string(),
  error: z
    .object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() })
    .nullable(),
  figures: StoredFiguresSchema,
});

/** A run file as it is saved; read back through this, so a damaged or foreign file is refused whole. */
export const StoredCompareRunSchema = z.object({
  version: z.literal(1),
  id: CompareRunIdSchema,
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  settings: CompareSettingsSchema,
  turns: z.array(z.object({ prompt: z.string(), followUp: z.boolean() })),
  columns: z
    .array(
      z.object({
        id: ColumnIdSchema,
        entrant: CompareEntrantSchema,
        name: z.string(),
        answers: z.array(StoredAnswerSchema),
      }),
    )
    .min(1)
    .max(COMPARE_MAX_COLUMNS),
  schedule: z.object({
    mode: z.enum(['parallel', 'sequential']),
    reason: z.enum(['fits', 'memory', 'pool', 'chosen']),
    neededBytes: z.number(),
    freeBytes: z.number(),
    estimates: z.array(z.object({ columnId: z.string(), bytes: z.number() })),
    tooLarge: z.array(z.string()),
  }),
  votes: z.array(z.object({ turn: z.number().int().min(0), columnId: ColumnIdSchema, at: z.number() })),
  revealed: z.boolean(),
  repeatOf: CompareRunIdSchema.nullable(),
  running: z.boolean(),
}) satisfies z.ZodType<CompareRun>;

export const StoredPromptSetsSchema = z.object({
  version: z.literal(1),
  sets: z.array(z.object({ name: z.string(), prompts: z.array(z.string()) })),
});
