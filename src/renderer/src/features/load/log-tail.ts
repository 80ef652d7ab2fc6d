import type { AppError } from '../../platform/types';

/**
 * The last llama-server lines a failed load carries in `details.logTail` (string[] from the core; a string is
 * tolerated).
 */
export function logTailOf(error: AppError): string[] {
  const tail = error.details?.['logTail'];
  if (typeof tail === 'string') return tail.split(/\r?\n/);
  if (Array.isArray(tail)) return tail.filter((line): line is string => typeof line === 'string');
  return [];
}
