import { describe, expect, it } from 'vitest';
import { micProblemOf } from './mic-problem';

const failure = (name: string) => Object.assign(new Error(name), { name });

describe('micProblemOf', () => {
  it('tells a refused permission from a missing or busy microphone', () => {
    expect(micProblemOf(failure('NotAllowedError'))).toBe('denied');
    expect(micProblemOf(failure('PermissionDeniedError'))).toBe('denied');
    expect(micProblemOf(failure('NotFoundError'))).toBe('none');
    expect(micProblemOf(failure('OverconstrainedError'))).toBe('none');
    expect(micProblemOf(failure('NotReadableError'))).toBe('busy');
    expect(micProblemOf(failure('NotSupportedError'))).toBe('unsupported');
  });

  it('calls anything else a plain failure', () => {
    expect(micProblemOf(new TypeError('x'))).toBe('failed');
    expect(micProblemOf('weird')).toBe('failed');
    expect(micProblemOf({ name: 'NotFoundError' })).toBe('none');
  });
});
