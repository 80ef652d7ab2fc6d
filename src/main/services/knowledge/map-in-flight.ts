// Ordered work with a few calls in flight: a file's embedding batches go out
// two at a time, so the embedding server has the next batch queued while the
// answer to the last one crosses HTTP and JSON, and never sits idle between them.

/**
 * `work(0..count-1)` with at most `limit` running at once; results in index order.
 * After a failure no new call starts; the running ones settle, then the first
 * failure is thrown (a sibling's failure after it is dropped).
 */
export async function mapInFlight<T>(count: number, limit: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (next < count && !failure) {
      const index = next++;
      try {
        results[index] = await work(index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}
