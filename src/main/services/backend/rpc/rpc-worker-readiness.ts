// When a local RPC worker is ready. Not when something accepts TCP on its port:
// another local program may have bound that port in the moment between EVA
// choosing it (or an old worker's exit) and the worker's start, and would then
// be handed the model's weights and every activation while the worker dies
// unable to bind. Ready is when the worker itself says it accepted the probe's
// connection. A worker that ends before that is a failed start, and a port that
// still answers once its worker is gone belongs to another program.
import { connect } from 'node:net';

/** What became of the wait: the worker listens, or why it does not. */
export type WorkerReadiness =
  | { ok: true }
  /** the worker ended before it listened, and something else answers on its port */
  | { ok: false; reason: 'port_taken'; how: string }
  /** the worker ended before it listened; nothing answers there */
  | { ok: false; reason: 'exited'; how: string }
  | { ok: false; reason: 'timeout' };

export interface WorkerReadinessInput {
  /** where to probe: loopback for a worker bound to 0.0.0.0 */
  host: string;
  port: number;
  /** settles once the worker has said it accepted a connection */
  accepted: Promise<void>;
  /** settles with how the worker ended */
  exited: Promise<string>;
  timeoutMs: number;
  /** for tests; default canConnect */
  canConnect?: (host: string, port: number, timeoutMs: number) => Promise<boolean>;
}

const PROBE_TIMEOUT_MS = 3000;
const PROBE_RETRY_MS = 50;
/** How long a connection that got through waits for the worker to say it took it, before the next probe. */
const ACCEPT_WAIT_MS = 1000;

export async function waitForWorker(input: WorkerReadinessInput): Promise<WorkerReadiness> {
  const probe = input.canConnect ?? canConnect;
  let accepted = false;
  let ended: string | null = null;
  void input.accepted.then(() => (accepted = true));
  void input.exited.then((how) => (ended = how));
  const deadline = Date.now() + input.timeoutMs;
  for (;;) {
    if (ended !== null)
      return {
        ok: false,
        reason: (await probe(input.host, input.port, PROBE_TIMEOUT_MS)) ? 'port_taken' : 'exited',
        how: ended,
      };
    if (accepted) return { ok: true };
    if (Date.now() > deadline) return { ok: false, reason: 'timeout' };
    const connected = await probe(input.host, input.port, PROBE_TIMEOUT_MS);
    // A connection the worker took shows as its accept line; one it does not is another program's, or still on its way.
    await Promise.race([
      input.accepted,
      input.exited,
      new Promise((resolve) => setTimeout(resolve, connected ? ACCEPT_WAIT_MS : PROBE_RETRY_MS)),
    ]);
  }
}

/** Whether something accepts a TCP connection there within `timeoutMs`; the connection is closed at once. */
export function canConnect(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
