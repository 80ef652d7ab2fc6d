// A body a test server writes without end: the downloads' hostile servers pour
// chunks until they have written `max` bytes or the client hangs up.

export const POUR_CHUNK = Buffer.alloc(64 << 10, 0x2a);

type Body = NodeJS.WritableStream & { on(event: 'close' | 'error', listener: () => void): unknown };

/** Writes up to `max` bytes to `out`, minding backpressure; resolves with what it wrote once `out` closes. */
export function pour(out: Body, max: number): Promise<number> {
  return new Promise((done) => {
    let sent = 0;
    out.on('error', () => {});
    out.on('close', () => done(sent));
    const more = () => {
      while (sent < max) {
        sent += POUR_CHUNK.length;
        if (!out.write(POUR_CHUNK)) return void out.once('drain', more);
      }
      out.end();
    };
    more();
  });
}
