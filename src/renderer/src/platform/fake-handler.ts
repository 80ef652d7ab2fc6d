// What each channel of the in-memory platform is: the contract's input in, a
// Result (or its promise) out, as the core's handler would answer over a bridge.
import type { InvokeChannel, InvokeInput, InvokeOutput, Result } from './types';

/** The simulated handler of one channel; its input is already checked against the contract's schema. */
export type FakeHandler<C extends InvokeChannel> = (
  input: InvokeInput<C>,
) => Result<InvokeOutput<C>> | Promise<Result<InvokeOutput<C>>>;

/** A success, as a handler answers it. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
