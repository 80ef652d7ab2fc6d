// "May be missing" reads. A missing file or folder is a normal answer (null); anything else
// (permission denied, an I/O error, a folder where a file was expected) is a real problem the
// caller must report, so it is thrown on instead of being read as "not there".

/** Error codes that mean "nothing at this path": it is absent, or a part of it is a regular file. */
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

/** True when `error` says the path does not exist (ENOENT, or ENOTDIR for a path under a file). */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && MISSING.has(code);
}

/** The value of `promise`, or null when it failed only because the path is missing. */
export async function ifExists<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Waits for `promise` and drops its failure on purpose. `why` says why losing the error is
 * right (it was already reported, or the work is best effort); it is there for the reader.
 */
export async function ignoreFailure(promise: Promise<unknown>, why: string): Promise<void> {
  void why;
  try {
    await promise;
  } catch {
    // Dropped on purpose: see `why`.
  }
}
