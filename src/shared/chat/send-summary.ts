// The summary's part of a send's plan (send-planner.ts): the checkpoint the
// history holds for the send's first messages stands in for them (joined to the
// system prompt), and under the `compact` policy, or when the user asks, a new
// summary is written first (compaction.ts). A summary that could not be found
// or written is a notice on the answer; the send goes on without it.
import { AppFailure, toAppError } from '../errors';
import type { CheckpointInPlace } from '../history/checkpoints';
import type { SummaryCheckpoint } from '../history/types';
import { compactionCut } from './compaction-cut';
import type { CompactionPort } from './compaction';
import type { ChatSendInput, SavedMessages } from './schemas';
import type { PlannedSummary } from './send-plan';
import { joinSummary } from './summary-prompt';
import type { AnswerNotice, ChatMessage } from './types';

type ChatInput = Extract<ChatSendInput, { mode: 'chat' }>;

/** A send with its summary in place. */
export interface SummaryView {
  /** the messages sent as they are: those after the ones the summary stands in for */
  messages: ChatMessage[];
  /** the send's system prompt, the summary joined to it */
  systemPrompt: string;
  summary: PlannedSummary | null;
  /** the checkpoint written for this send, when one was */
  made: SummaryCheckpoint | null;
}

export function summaryView(
  input: Pick<ChatInput, 'messages' | 'systemPrompt'>,
  inPlace: CheckpointInPlace | null,
  made = false,
): SummaryView {
  if (!inPlace) return { messages: [...input.messages], systemPrompt: input.systemPrompt, summary: null, made: null };
  const { checkpoint, covered } = inPlace;
  return {
    messages: input.messages.slice(covered),
    systemPrompt: joinSummary(input.systemPrompt, checkpoint.summary),
    summary: { checkpointId: checkpoint.id, upToId: checkpoint.upToId, covered, text: checkpoint.summary, made },
    made: made ? checkpoint : null,
  };
}

/** The checkpoint the history holds for the send's saved messages; a history that cannot say is a notice. */
export async function findSummary(
  compaction: CompactionPort | undefined,
  saved: SavedMessages | undefined,
): Promise<{ inPlace: CheckpointInPlace | null; notices: AnswerNotice[] }> {
  if (!compaction || !saved || saved.ids.length === 0) return { inPlace: null, notices: [] };
  try {
    return { inPlace: await compaction.inPlace(saved), notices: [] };
  } catch (error) {
    const why = toAppError(error).message;
    const message = `The conversation's summary could not be read (${why}); this answer was asked for without it.`;
    return { inPlace: null, notices: [{ code: 'compaction_failed', message }] };
  }
}

/**
 * Has the model summarise all but the last few exchanges (after the summary already in place, which the new one
 * extends). Rejects with a reason the page words: nothing to summarise, or the summary failed.
 */
export async function compactNow(
  compaction: CompactionPort | undefined,
  input: ChatInput,
  systemPrompt: string,
  inPlace: CheckpointInPlace | null,
): Promise<CheckpointInPlace> {
  const saved = input.fit?.saved;
  const from = inPlace?.covered ?? 0;
  const cut =
    compaction && saved
      ? compactionCut({
          messages: input.messages,
          from,
          saved: saved.ids.length,
          systemPrompt,
          nCtx: input.fit?.nCtx ?? null,
          maxTokens: input.sampling.max_tokens,
        })
      : null;
  if (!compaction || !saved || cut === null)
    throw new AppFailure(
      'bad_request',
      'There is nothing to summarise yet: only the last exchanges are left, and they are always sent as they are.',
      { reason: 'nothing_to_summarise' },
    );
  try {
    return await compaction.summarise({
      requestId: input.requestId,
      endpoint: input.endpoint,
      saved,
      messages: input.messages.slice(from, cut),
      previous: inPlace?.checkpoint.summary ?? null,
      covered: cut,
      nCtx: input.fit?.nCtx ?? null,
    });
  } catch (error) {
    const why = toAppError(error).message;
    throw new AppFailure('endpoint_error', `The summary could not be written (${why}); nothing was changed.`, {
      reason: 'summary_failed',
      why,
    });
  }
}

/** The notice of a send under `compact` whose summary could not be written: it was trimmed instead. */
export function compactionFailed(error: unknown): AnswerNotice {
  const details = toAppError(error).details;
  const why = typeof details?.why === 'string' ? details.why : toAppError(error).message;
  return {
    code: 'compaction_failed',
    message: `The older messages could not be summarised (${why}); the oldest were left out instead.`,
  };
}

/** The notice of a send that, even with its new summary, had to leave older messages out. */
export function compactionShort(dropped: number): AnswerNotice {
  const more = dropped === 1 ? '1 more message was' : `${dropped} more messages were`;
  return {
    code: 'compaction_short',
    message: `Even with the summary the conversation did not fit, so ${more} left out.`,
  };
}
