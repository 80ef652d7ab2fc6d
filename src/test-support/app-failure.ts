// The AppFailure a promise rejects with, for tests that check its code and
// details; a promise that resolves (or rejects with anything else) fails the test.
import { expect } from 'vitest';
import { AppFailure } from '@shared/errors';

export async function appFailureOf(promise: Promise<unknown>): Promise<AppFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppFailure);
  return error as AppFailure;
}
