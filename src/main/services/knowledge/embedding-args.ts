// What turns a llama-server into an embedding server, and the load settings it
// runs with. Pure: the GGUF's pooling is read by the caller.
import type { LoadSettings } from '@shared/contract';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';

/** Flags appended to the ordinary server argv (BackendManager's `extraArgs`). */
export function embeddingArgs(input: {
  pooling: EmbedderSettings['pooling'];
  ggufPooling: number | null;
  batchSize: number;
}): string[] {
  const args = ['--embedding'];
  // "auto" keeps the GGUF's own pooling; a model that names none (or names `none`, 0)
  // would make /v1/embeddings answer 400 "Pooling type 'none' is not OAI compatible".
  if (input.pooling !== 'auto') args.push('--pooling', input.pooling);
  else if (input.ggufPooling === null || input.ggufPooling <= 0) args.push('--pooling', 'mean');
  // A non-causal model embeds a whole input in one micro-batch: with -ub below -b,
  // an input longer than -ub is refused, so both are the same.
  args.push('-ub', String(input.batchSize));
  return args;
}

/** The load settings of the embedding server: small, quiet, loopback only. */
export function embeddingLoadSettings(settings: EmbedderSettings, base: LoadSettings): LoadSettings {
  return {
    ...base,
    modelPath: settings.modelPath,
    contextSize: settings.contextSize,
    batchSize: settings.contextSize,
    parallel: 1,
    port: null,
    exposeOnNetwork: false,
    jinja: false,
    reasoningFormat: 'none',
    loraPath: '',
    mmprojPath: '',
    metrics: false,
    // A worker serves one llama-server at a time: the embedding server stays on this machine.
    rpc: { ...base.rpc, mode: 'off' },
  };
}
