// The RPC workers setting: llama.cpp's RPC backend spreads one model over the
// devices of several ggml-rpc-server workers. Plain schema and parsing, shared by
// the core (which starts workers and passes `--rpc`) and the load dialog.
import { z } from 'zod';

export const RPC_MODES = ['off', 'local', 'remote'] as const;
/** off: llama-server alone; local: EVA starts workers on this machine; remote: workers someone started elsewhere. */
export type RpcMode = (typeof RPC_MODES)[number];

/** One worker's address. */
export interface RpcEndpoint {
  host: string;
  port: number;
}

const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;

/** `host:port` or `[v6]:port` → its parts; null for anything else (no scheme, no path, port 1–65535). */
export function parseRpcEndpoint(text: string): RpcEndpoint | null {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(text.trim());
  if (!match) return null;
  const host = match[1] ?? match[2]!;
  const port = Number(match[3]);
  if (port < 1 || port > 65_535) return null;
  if (match[2] !== undefined && !HOST_NAME.test(host)) return null;
  return { host, port };
}

/** How `--rpc` and the status write an endpoint: IPv6 in brackets. */
export function formatRpcEndpoint(endpoint: RpcEndpoint): string {
  return endpoint.host.includes(':') ? `[${endpoint.host}]:${endpoint.port}` : `${endpoint.host}:${endpoint.port}`;
}

export const RpcEndpointSchema = z
  .string()
  .max(300)
  .refine((text) => parseRpcEndpoint(text) !== null, 'a worker is host:port, e.g. 192.168.1.20:50052');

export const RpcSettingsSchema = z.object({
  mode: z.enum(RPC_MODES),
  /** local: how many workers EVA starts (each on a free loopback port it chooses) */
  localWorkers: z.number().int().min(1).max(16),
  /** local: CPU threads per worker; 0 lets ggml-rpc-server choose */
  workerThreads: z.number().int().min(0).max(1024),
  /**
   * local: listen on 0.0.0.0 so other machines can use these workers too (warned: the protocol has no authentication)
   */
  exposeWorkers: z.boolean(),
  /** remote: the workers, as host:port */
  remote: z.array(RpcEndpointSchema).max(16),
});
export type RpcSettings = z.infer<typeof RpcSettingsSchema>;

export const DEFAULT_RPC_SETTINGS: RpcSettings = {
  mode: 'off',
  localWorkers: 2,
  workerThreads: 0,
  exposeWorkers: false,
  remote: [],
};
