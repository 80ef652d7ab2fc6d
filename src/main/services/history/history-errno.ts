// The errno of a failed file operation, for the notices and failures that name it.
import { errorText, AppFailure } from '@shared/errors';

/** The errno code of a failure (ENOSPC, EROFS…), also when it was already wrapped as a history failure. */
export function errno(error: unknown): string {
  if (error instanceof AppFailure && typeof error.details?.errno === 'string') return error.details.errno;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? errorText(error);
}
