// Fits a chat into the context before it is sent, with the exact token count
// where the endpoint gives one: count the whole prompt; if it is over the budget,
// apply the overflow policy (budget.ts picks the exchanges to leave out, with
// per-message estimates scaled to the exact count) and count again to confirm.
// A prompt that still cannot fit is refused with the numbers, never sent to fail.
import type { OverflowPolicy } from './overflow-policy';
import type { TokenCount } from './context-types';
import type { ChatMessage } from './types';
import { estimateMessageTokens, promptBudget, trimToBudget } from './budget';

/** Counts the prompt that these messages (the system prompt is added by the counter) would make. */
export type CountPrompt = (messages: readonly ChatMessage[]) => Promise<TokenCount | null>;

/** Why a send was refused, with the numbers the user needs. */
export interface ContextRefusal {
  /**
   * `stop`: the policy forbids leaving anything out; `too_long`: even the system prompt and the last question do not
   * fit
   */
  reason: 'stop' | 'too_long';
  tokens: number;
  /** the most prompt tokens that leave the answer its room */
  budget: number;
  nCtx: number;
  exact: boolean;
}

export type ContextFit =
  | { ok: true; messages: ChatMessage[]; dropped: number; tokens: number | null; exact: boolean }
  | { ok: false; refusal: ContextRefusal };

export interface FitInput {
  systemPrompt: string;
  messages: readonly ChatMessage[];
  nCtx: number;
  maxTokens: number | undefined;
  policy: OverflowPolicy;
  /** absent or answering null: the estimate alone decides */
  count?: CountPrompt;
}

/** Tries after the first trim when the exact count still says "too long" (each drops more). */
const MAX_RECOUNTS = 3;
/** Below this much room for an answer a prompt is refused rather than sent: the server would fail or stop at once. */
const MIN_ANSWER_TOKENS = 64;

export async function fitContext({
  systemPrompt,
  messages,
  nCtx,
  maxTokens,
  policy,
  count,
}: FitInput): Promise<ContextFit> {
  const system: ChatMessage[] = systemPrompt.trim() === '' ? [] : [{ role: 'system', content: systemPrompt }];
  const estimateOf = (list: readonly ChatMessage[]) =>
    [...system, ...list].reduce((sum, m) => sum + estimateMessageTokens(m), 0);
  const measure = async (list: readonly ChatMessage[]): Promise<{ tokens: number; exact: boolean }> => {
    // A count the endpoint cannot give falls back to the estimate, marked `exact: false` for the user to see.
    const counted = count ? await count(list).catch(() => null) : null;
    return counted ?? { tokens: estimateOf(list), exact: false };
  };
  const budget = promptBudget(nCtx, maxTokens);
  const hardLimit = Math.max(1, nCtx - Math.min(MIN_ANSWER_TOKENS, Math.floor(nCtx / 8)));
  const refuse = (reason: ContextRefusal['reason'], measured: { tokens: number; exact: boolean }): ContextFit => ({
    ok: false,
    refusal: { reason, tokens: measured.tokens, budget, nCtx, exact: measured.exact },
  });

  let measured = await measure(messages);
  if (measured.tokens <= budget) return { ok: true, messages: [...messages], dropped: 0, ...measured };
  if (policy === 'stop') return refuse('stop', measured);

  let kept: ChatMessage[] = [...messages];
  for (let attempt = 0; attempt <= MAX_RECOUNTS && measured.tokens > budget; attempt++) {
    // Scale the estimates to what the tokenizer said, so the next cut is about the right size.
    const scale = measured.exact ? measured.tokens / Math.max(1, estimateOf(kept)) : 1;
    const trimmed = trimToBudget([...system, ...kept], {
      nCtx,
      maxTokens,
      policy,
      estimateTokens: (m) => estimateMessageTokens(m) * scale,
    });
    const next = trimmed.messages.slice(system.length);
    if (next.length === kept.length) break;
    kept = next;
    measured = await measure(kept);
  }
  if (measured.tokens > hardLimit) return refuse('too_long', measured);
  return { ok: true, messages: kept, dropped: messages.length - kept.length, ...measured };
}

/** Share of the budget under which the estimate alone is trusted: chars/3.5 undercounts CJK text about 3×, never 4×. */
const SURE_PERCENT = 25;

/** True when the estimate is so far under the budget that no exact count is needed before sending. */
export function surelyFitsContext(
  systemPrompt: string,
  messages: readonly ChatMessage[],
  nCtx: number,
  maxTokens: number | undefined,
): boolean {
  const estimate = [{ role: 'system' as const, content: systemPrompt }, ...messages].reduce(
    (sum, m) => sum + estimateMessageTokens(m),
    0,
  );
  return estimate * 100 <= promptBudget(nCtx, maxTokens) * SURE_PERCENT;
}
