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

/** One warning per worker reachable from the network under these settings; none when they all stay on loopback. */
export function rpcExposureWarnings(rpc: RpcSettings): string[] {
  if (rpc.mode === 'local') {
    if (!rpc.exposeWorkers) return [];
    return [
      `EVA's ${rpc.localWorkers} RPC worker${rpc.localWorkers === 1 ? '' : 's'} listen on 0.0.0.0: anyone who can reach their ports can read and write this machine's device memory and run computations on it (the RPC protocol has no password or encryption). ` +
        'To keep them private, turn off "serve other machines" (they then listen on 127.0.0.1 only), or allow only the llama-server machine through a firewall or VPN.',
    ];
  }
  if (rpc.mode === 'remote') {
    return rpc.remote.flatMap((text) => {
      const endpoint = parseRpcEndpoint(text);
      if (!endpoint || isLoopbackHost(endpoint.host)) return [];
      const port = endpoint.port;
      return [
        `RPC worker ${formatRpcEndpoint(endpoint)} listens beyond 127.0.0.1 on its machine: anyone who can reach that port can read and write its device memory and run computations on it (the RPC protocol has no password or encryption). ` +
          `To keep it private, start it there with --host 127.0.0.1 and reach it through an SSH tunnel (ssh -N -L ${port}:127.0.0.1:${port} user@${endpoint.host}, then list 127.0.0.1:${port} here), or allow only this machine through a firewall or VPN.`,
      ];
    });
  }
  return [];
}
