// An HTTP answer's body read in bursts: each step takes everything that has
// arrived, and between steps the connection is not read at all.
//
// A model server writes one token at a time, and a reader that takes each write
// as it comes wakes the host once a token. Here, whoever reads the
// body decides when (sse-stream.ts waits between reads of a fast stream): until
// then the socket is paused, and with its tiny read-ahead (http-post.ts) it stops
// reading the connection after one write, so the rest waits in the kernel, whose
// buffer holds far more than an interval's tokens (the server is never held up).
import type { IncomingMessage } from 'node:http';

export async function* coalescedBody(response: IncomingMessage): AsyncGenerator<Uint8Array> {
  const reads = response[Symbol.asyncIterator]();
  let paused = false;
  try {
    for (;;) {
      // Resumed by hand: the response asks its socket for more only once it has been
      // given some since it last asked (Readable's `reading`), which our pause may have prevented.
      if (paused) response.socket?.resume();
      paused = false;
      const first = (await reads.next()) as IteratorResult<Buffer>;
      if (first.done) return;
      // Writes already in the kernel are read in this turn's poll phase, before setImmediate.
      await new Promise((resolve) => setImmediate(resolve));
      const more = response.read() as Buffer | null;
      // Paused only mid-answer: a kept-alive socket must go back to its pool flowing.
      if (!response.complete && response.socket) {
        response.socket.pause();
        paused = true;
      }
      yield more ? Buffer.concat([first.value, more]) : first.value;
    }
  } finally {
    // Leaving early (an error event, the caller's break) destroys the response and its connection.
    await reads.return?.();
  }
}
