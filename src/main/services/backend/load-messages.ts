// What a load tells the user in its notices and the model log: who can reach
// the server, and how the started server's offload compares with EVA's estimate.
import type { GpuLayerEstimate, LoadSettings, ModelFacts } from '@shared/contract';
import { rpcExposureWarnings } from '@shared/rpc/rpc-exposure';
import { describeLoadReport, describeServerFit, type LoadReport } from './fit/load-report';

/** The notices a load starts with: a server open to the network, RPC workers that are. */
export function exposureNotices(settings: Pick<LoadSettings, 'exposeOnNetwork' | 'rpc'>, userKey: string): string[] {
  const notices: string[] = settings.exposeOnNetwork
    ? [
        `llama-server is reachable from the network on 0.0.0.0${userKey ? ' for clients sending your API key' : ', but no client can use it without an API key'}`,
      ]
    : [];
  notices.push(...rpcExposureWarnings(settings.rpc));
  return notices;
}

/**
 * The model log's line for a started server: what it did beside what EVA estimated (and beside llama-server's own fit).
 */
export function describeStartedLoad(report: LoadReport, estimate: GpuLayerEstimate, model: ModelFacts): string {
  const kv =
    (model.kvBytesPerToken ?? 0) > 0 && report.nCtx !== null
      ? `, KV cache ${Math.round(((model.kvBytesPerToken ?? 0) * report.nCtx) / 2 ** 20)} MiB`
      : '';
  return `${describeLoadReport(report)} (EVA's estimate: ${estimate.gpuLayers} of ${estimate.maxLayers} layers, ${estimate.reason}${kv}); ${describeServerFit(report.serverFit)}`;
}
