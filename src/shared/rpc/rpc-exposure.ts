// ggml-rpc-server has no authentication and no encryption: whoever reaches its
// port can allocate, read and write the device memory it serves and run graphs
// on it (llama.cpp itself prints "Never expose the RPC server to an open
// network!"). These warnings say so wherever a worker listens beyond loopback,
// with the way to keep it private.
import { isLoopbackHost } from '../loopback-host';
import { formatRpcEndpoint, parseRpcEndpoint, type RpcSettings } from './rpc-settings';

/** The host a local worker binds to for these settings. */
export function localWorkerHost(rpc: Pick<RpcSettings, 'exposeWorkers'>): string {
  return rpc.exposeWorkers ? '0.0.0.0' : '127.0.0.1';
}

/** A worker reachable from the network: EVA's own local set, or one listed remote worker. */
export type RpcExposure =
  { kind: 'local'; workers: number } | { kind: 'remote'; endpoint: string; host: string; port: number };

/** Which workers these settings leave reachable from the network; none when they all stay on loopback. */
export function rpcExposures(rpc: RpcSettings): RpcExposure[] {
  if (rpc.mode === 'local') return rpc.exposeWorkers ? [{ kind: 'local', workers: rpc.localWorkers }] : [];
  if (rpc.mode !== 'remote') return [];
  return rpc.remote.flatMap((text): RpcExposure[] => {
    const endpoint = parseRpcEndpoint(text);
    return endpoint && !isLoopbackHost(endpoint.host)
      ? [{ kind: 'remote', endpoint: formatRpcEndpoint(endpoint), host: endpoint.host, port: endpoint.port }]
      : [];
  });
}

/** One English warning per exposure, with the way to keep it private: the status notices and the model log. */
export function rpcExposureWarnings(rpc: RpcSettings): string[] {
  return rpcExposures(rpc).map((exposure) =>
    exposure.kind === 'local'
      ? `EVA's ${exposure.workers} RPC worker${exposure.workers === 1 ? '' : 's'} listen on 0.0.0.0: anyone who can reach their ports can read and write this machine's device memory and run computations on it (the RPC protocol has no password or encryption). ` +
        'To keep them private, turn off "serve other machines" (they then listen on 127.0.0.1 only), or allow only the llama-server machine through a firewall or VPN.'
      : `RPC worker ${exposure.endpoint} listens beyond 127.0.0.1 on its machine: anyone who can reach that port can read and write its device memory and run computations on it (the RPC protocol has no password or encryption). ` +
        `To keep it private, start it there with --host 127.0.0.1 and reach it through an SSH tunnel (ssh -N -L ${exposure.port}:127.0.0.1:${exposure.port} user@${exposure.host}, then list 127.0.0.1:${exposure.port} here), or allow only this machine through a firewall or VPN.`,
  );
}
