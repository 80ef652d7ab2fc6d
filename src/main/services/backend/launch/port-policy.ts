// Which port a launch uses. The decision is pure; whether a port is free is
// asked of the probe passed in, so tests need no sockets.
import { AppFailure } from '@shared/errors';

export interface PortProbe {
  isFree(port: number, host: string): Promise<boolean>;
  freePort(host: string): Promise<number>;
}

export interface PortChoice {
  port: number;
  /** for the status bar when the requested port could not be used; null otherwise */
  notice: string | null;
}

const MIN_PORT = 1;
const MAX_PORT = 65_535;

/** Throws AppFailure('port_invalid') unless `port` is null (any free port) or a whole number in 1–65535. */
export function validatePort(port: number | null): void {
  if (port === null) return;
  if (!Number.isInteger(port) || port < MIN_PORT || port > MAX_PORT) {
    throw new AppFailure(
      'port_invalid',
      `Port ${String(port)} is not valid: use a whole number from ${MIN_PORT} to ${MAX_PORT}, or leave it empty to pick a free port.`,
      {
        port,
      },
    );
  }
}

/**
 * The requested port when it is free; otherwise a free port for this run only,
 * with a notice, because the user's setting stays as it is and the next load
 * tries it again.
 */
export async function choosePort(
  request: { requested: number | null; host: string },
  probe: PortProbe,
): Promise<PortChoice> {
  const { requested, host } = request;
  validatePort(requested);
  if (requested === null) return { port: await probe.freePort(host), notice: null };
  if (await probe.isFree(requested, host)) return { port: requested, notice: null };
  const port = await probe.freePort(host);
  return { port, notice: `port ${requested} is in use; using ${port} for this run (setting unchanged)` };
}
