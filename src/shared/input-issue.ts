// A schema failure in words the UI can translate: which field, and what it should
// have been. zod's own sentences ("Invalid input: expected string, received
// number") stay in the core's message for logs; the details carry a reason and the
// numbers, so the user reads one sentence in their language.
import type { z } from 'zod';

/** The `details.reason` of a failed schema check, one per kind of zod issue. */
export const INPUT_REASONS = [
  'input_type',
  'input_empty',
  'input_too_small',
  'input_too_big',
  'input_option',
  'input_unknown_key',
  'input_format',
  'input_invalid',
] as const;
export type InputReason = (typeof INPUT_REASONS)[number];

/** What an issue says, as data: `field` is a dotted path ('' for the whole input). */
export interface InputIssueDetails {
  reason: InputReason;
  field: string;
  /** input_type: zod's type name (string, number, boolean, array, object, …) */
  expected?: string;
  /** too small/too big: the bound; its unit is `origin` (characters of a string, items of an array, a number) */
  limit?: number;
  origin?: string;
  /** input_option: the allowed values; input_unknown_key: the keys not allowed */
  options?: string;
}

type Issue = z.core.$ZodIssue;

/** The details of one zod issue. */
export function inputIssueDetails(issue: Issue): InputIssueDetails {
  const field = issue.path.map(String).join('.');
  switch (issue.code) {
    case 'invalid_type':
      return { reason: 'input_type', field, expected: String(issue.expected) };
    case 'too_small':
      // A required text left empty (`.min(1)`) is "empty", not "below its minimum of 1".
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { reason: 'input_empty', field };
      return { reason: 'input_too_small', field, limit: Number(issue.minimum), origin: String(issue.origin) };
    case 'too_big':
      return { reason: 'input_too_big', field, limit: Number(issue.maximum), origin: String(issue.origin) };
    case 'invalid_value':
      return { reason: 'input_option', field, options: issue.values.map((value) => JSON.stringify(value)).join(', ') };
    case 'unrecognized_keys':
      return { reason: 'input_unknown_key', field, options: issue.keys.join(', ') };
    case 'invalid_format':
      return { reason: 'input_format', field, expected: String(issue.format) };
    default:
      return { reason: 'input_invalid', field };
  }
}
