// The pieces every area contract is built from: a channel (its input schema and
// output type) and the inputs many channels share.
import { z } from 'zod';

/** One request channel: the zod schema its input is checked with, and the type its handler returns. */
export const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });

/** No input (or an empty object). */
export const emptyInput = z.object({}).strict().optional();
/** One running request, by the id its caller gave it. */
export const requestRef = z.object({ requestId: z.string().min(1).max(100) }).strict();
/** One stored item by id. */
export const idRef = z.object({ id: z.string().min(1).max(100) }).strict();
