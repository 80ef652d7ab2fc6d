// Where the provisioned test assets live (all in ignored folders).
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const exe = process.platform === 'win32' ? '.exe' : '';

export const testAssets = {
  root,
  binDir: join(root, 'bin'),
  llamaServer: join(root, 'bin', 'cpu', `llama-server${exe}`),
  /** the llama.cpp RPC worker, built and installed with llama-server */
  rpcWorker: join(root, 'bin', 'cpu', `ggml-rpc-server${exe}`),
  cacheDir: join(root, '.cache'),
  tinyModel: join(root, '.cache', 'models', 'tiny-llama.gguf'),
  /** the tiny model trained for 16K tokens (make-test-model.ts --variant long): a second model of the same size */
  tinyLongModel: join(root, '.cache', 'models', 'tiny-llama-long.gguf'),
  /** the tiny model with six identity layers more: the tiny model drafts for it exactly (make-speculative-pair.ts) */
  specTarget: join(root, '.cache', 'models', 'spec-target-tiny.gguf'),
};
