// The compare area's part of the contract: a prompt (or a set of them) put to
// two to four models side by side, with follow-ups to every column, blind votes,
// saved runs, their export and repeats. contract.ts spreads these in.
import type { StreamEvent } from '../chat/types';
import { channel, emptyInput } from '../contract-parts';
import {
  CompareExportSchema,
  CompareFollowUpSchema,
  CompareIdSchema,
  ComparePlanSchema,
  ComparePromptSetRefSchema,
  ComparePromptSetSchema,
  CompareRepeatSchema,
  CompareRunRefSchema,
  CompareStartSchema,
  CompareVoteSchema,
} from './compare-schemas';
import type {
  CompareCandidates,
  CompareExport,
  ComparePromptSet,
  CompareRunSummary,
  CompareRunView,
  CompareSchedule,
} from './compare-types';

export const compareChannels = {
  /** What a column can ask: the library's model files and the running pool's models. */
  'compare:candidates': channel<typeof emptyInput, CompareCandidates>(emptyInput),
  /** Together or one after another: the memory these models need at this context against what is free now. */
  'compare:plan': channel<typeof ComparePlanSchema, CompareSchedule>(ComparePlanSchema),
  /**
   * Starts a run (saved at once) and answers it as it is: the columns then stream (`compare:stream`) and change
   * (`compare:run`). Refused with `already_running` while another run answers.
   */
  'compare:start': channel<typeof CompareStartSchema, CompareRunView>(CompareStartSchema),
  /** The next prompt to every column, each in its own conversation. */
  'compare:follow-up': channel<typeof CompareFollowUpSchema, CompareRunView>(CompareFollowUpSchema),
  /** Stops the run's answers and every server it started; what arrived is kept. */
  'compare:stop': channel<typeof CompareRunRefSchema, CompareRunView>(CompareRunRefSchema),
  /** The best answer of a turn; in blind mode the vote shows the models. */
  'compare:vote': channel<typeof CompareVoteSchema, CompareRunView>(CompareVoteSchema),
  /** Shows a blind run's models and figures without a vote. */
  'compare:reveal': channel<typeof CompareRunRefSchema, CompareRunView>(CompareRunRefSchema),
  /** The saved runs, newest first. */
  'compare:list': channel<typeof emptyInput, { runs: CompareRunSummary[]; unreadable: number }>(emptyInput),
  'compare:open': channel<typeof CompareIdSchema, CompareRunView>(CompareIdSchema),
  /** Deletes a saved run (one that answers now is stopped first). */
  'compare:delete': channel<typeof CompareIdSchema, { deleted: boolean }>(CompareIdSchema),
  'compare:export': channel<typeof CompareExportSchema, CompareExport>(CompareExportSchema),
  /** A new run with the same prompts and settings, one column's model swapped (or none), started at once. */
  'compare:repeat': channel<typeof CompareRepeatSchema, CompareRunView>(CompareRepeatSchema),
  'compare:prompt-sets': channel<typeof emptyInput, { sets: ComparePromptSet[] }>(emptyInput),
  /** Saves a set of prompts under its name (a set of that name is replaced). */
  'compare:save-prompt-set': channel<typeof ComparePromptSetSchema, { sets: ComparePromptSet[] }>(
    ComparePromptSetSchema,
  ),
  'compare:delete-prompt-set': channel<typeof ComparePromptSetRefSchema, { sets: ComparePromptSet[] }>(
    ComparePromptSetRefSchema,
  ),
} as const;

export interface CompareEventPayloads {
  /** a run changed (an answer began, ended or failed, a vote, a reveal): the run as the page sees it */
  'compare:run': CompareRunView;
  /** the next events of one answer, as `chat:stream` carries them (in blind mode without the model's name) */
  'compare:stream': { runId: string; columnId: string; turn: number; events: StreamEvent[] };
}

export const COMPARE_EVENT_NAMES: Record<keyof CompareEventPayloads, true> = {
  'compare:run': true,
  'compare:stream': true,
};
