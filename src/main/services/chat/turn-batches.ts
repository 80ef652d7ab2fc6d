// Stream events → batches: what arrives in one turn of the event loop travels
// together. A read of the connection brings all that has come since the last one
// (coalesced-body.ts, paced by sse-stream.ts), and its events become one message
// to the page instead of one per token.

const DRAINED = Symbol('drained');

export async function* turnBatches<T>(source: AsyncIterator<T>): AsyncGenerator<T[], void, undefined> {
  // A read asked for but not answered when a batch closed: the next batch starts with it.
  let pending: Promise<IteratorResult<T>> | null = null;
  let finished = false;
  try {
    for (;;) {
      const first = await (pending ?? source.next());
      pending = null;
      if (first.done) {
        finished = true;
        return;
      }
      const batch = [first.value];
      // Events already parsed come through microtasks; the turn ends at setImmediate.
      const drained = new Promise<typeof DRAINED>((resolve) => setImmediate(() => resolve(DRAINED)));
      for (;;) {
        const read = source.next();
        const result = await Promise.race([read, drained]);
        if (result === DRAINED) {
          pending = read;
          break;
        }
        if (result.done) {
          finished = true;
          break;
        }
        batch.push(result.value);
      }
      yield batch;
      if (finished) return;
    }
  } finally {
    if (!finished) {
      // An async generator answers return() only after its pending read; the caller's
      // abort ends that read, and the source then closes itself.
      if (pending)
        pending
          .then(
            () => source.return?.(),
            () => undefined,
          )
          // The caller aborted and has its answer; a source that fails while closing has nothing left to tell it.
          .catch(() => undefined);
      else await source.return?.();
    }
  }
}
