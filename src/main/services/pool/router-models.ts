// Reads llama-server's router listing (GET /models): each model's state and,
// while it runs, its own server's port (the `--port` in its arguments; the
// router prefixes that model's log lines with it).
import type { PoolModelState } from '@shared/pool/pool-types';

export interface RouterModel {
  id: string;
  state: Exclude<PoolModelState, 'unloading' | 'failed'>;
  failed: boolean;
  exitCode: number | null;
  port: number | null;
}

const STATES = new Set(['unloaded', 'loading', 'loaded', 'sleeping', 'downloading']);

export function parseRouterModels(body: unknown): RouterModel[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('the router answered /models without a data list');
  return data.flatMap((entry: unknown): RouterModel[] => {
    const item = entry as {
      id?: unknown;
      status?: { value?: unknown; args?: unknown; failed?: unknown; exit_code?: unknown };
    };
    if (typeof item?.id !== 'string') return [];
    const value =
      typeof item.status?.value === 'string' && STATES.has(item.status.value) ? item.status.value : 'unloaded';
    const args = Array.isArray(item.status?.args) ? item.status.args : [];
    const portAt = args.indexOf('--port');
    const port = portAt >= 0 ? Number(args[portAt + 1]) : NaN;
    const running = value === 'loaded' || value === 'sleeping' || value === 'loading';
    return [
      {
        id: item.id,
        state: value === 'downloading' ? 'loading' : (value as RouterModel['state']),
        failed: item.status?.failed === true,
        exitCode: typeof item.status?.exit_code === 'number' ? item.status.exit_code : null,
        port: running && Number.isInteger(port) && port > 0 ? port : null,
      },
    ];
  });
}

/** A router log line of one model's server (`[58119] …`): the port and the line without its prefix. */
export function modelLogLine(text: string): { port: number; text: string } | null {
  const match = /^\[(\d{1,5})\] ?(.*)$/.exec(text);
  return match ? { port: Number(match[1]), text: match[2]! } : null;
}
