// What the status bar shows, derived from a BackendStatus and the current time.
import type { BackendState, BackendStatus } from '@shared/contract';
import type { AppError } from '@shared/errors';
import { formatElapsed } from '../../lib/format';
import type { MessageKey } from '../../i18n';
import { isLoopbackHost } from '@shared/loopback-host';

export interface StatusView {
  state: BackendState;
  stateKey: MessageKey;
  backend: string | null;
  model: string | null;
  /** host:port, IPv6 hosts in brackets */
  address: string | null;
  /** bound to something other than loopback: reachable from the network */
  exposed: boolean;
  /** live while starting; the recorded load time once ready */
  elapsed: { text: string; live: boolean } | null;
  /** "29 / 29" when the estimate knows the layer count */
  gpuLayers: string | null;
  restarts: number;
  notices: string[];
  /** why the last load failed or the server stopped; the bar words it with ui/app-error-text */
  error: AppError | null;
}

const STATE_KEYS: Record<BackendState, MessageKey> = {
  stopped: 'status.state.stopped',
  starting: 'status.state.starting',
  ready: 'status.state.ready',
  stopping: 'status.state.stopping',
  error: 'status.state.error',
};

export { isLoopbackHost };

export function formatAddress(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Only a starting server needs a ticking clock. */
export function needsTicking(status: BackendStatus | null): boolean {
  return status?.state === 'starting';
}

/**
 * A crash reads differently from a failed load: "Restarting" while the core
 * restarts it on its own, "Crashed" once it gave up (the chat then offers Reload).
 */
function stateKeyOf(status: BackendStatus | null): MessageKey {
  const state = status?.state ?? 'stopped';
  if (state === 'starting' && (status?.restarts ?? 0) > 0) return 'status.state.restarting';
  if (state === 'error' && status?.error?.code === 'server_crashed') return 'status.state.crashed';
  return STATE_KEYS[state];
}

export function describeStatus(status: BackendStatus | null, now: number): StatusView {
  const state = status?.state ?? 'stopped';
  const view: StatusView = {
    state,
    stateKey: stateKeyOf(status),
    backend: status?.backend ?? null,
    model: status?.model?.name ?? null,
    address: status?.host != null && status.port != null ? formatAddress(status.host, status.port) : null,
    exposed: status?.host != null && !isLoopbackHost(status.host),
    elapsed: null,
    gpuLayers: null,
    restarts: status?.restarts ?? 0,
    notices: status?.notices ?? [],
    error: state === 'error' ? (status?.error ?? null) : null,
  };
  if (!status) return view;
  if (state === 'starting') view.elapsed = { text: formatElapsed(now - status.since), live: true };
  else if (status.loadMs !== null && state === 'ready')
    view.elapsed = { text: formatElapsed(status.loadMs), live: false };
  if (status.gpuLayers !== null) {
    const max = status.estimate?.maxLayers;
    view.gpuLayers = max ? `${Math.min(status.gpuLayers, max)} / ${max}` : String(status.gpuLayers);
  }
  return view;
}
