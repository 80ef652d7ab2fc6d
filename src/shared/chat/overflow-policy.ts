// A conversation's overflow policy; apart from the other context types because
// the history schemas need it and must not import the chat schemas (a cycle).
import { z } from 'zod';

/**
 * What happens when the prompt does not fit the context:
 * - `stop`: nothing is sent; the user is told the numbers and what to do.
 * - `trim-oldest`: just enough of the oldest exchanges are left out for it to fit.
 * - `rolling-window`: older exchanges are left out in large steps (about half the
 *   room at a time, counted from the conversation's start), so the kept part stays
 *   the same for several turns and the server can reuse its cached prompt.
 * - `compact`: the model summarises the older exchanges first (a checkpoint in the
 *   history, @shared/history/checkpoints), and the summary stands in their place;
 *   what still does not fit is trimmed as `trim-oldest` does, with a notice.
 * The system prompt and the last user turn are always kept.
 */
export const OverflowPolicySchema = z.enum(['stop', 'trim-oldest', 'rolling-window', 'compact']);
export type OverflowPolicy = z.infer<typeof OverflowPolicySchema>;
export const OVERFLOW_POLICIES: readonly OverflowPolicy[] = OverflowPolicySchema.options;
export const DEFAULT_OVERFLOW_POLICY: OverflowPolicy = 'trim-oldest';
