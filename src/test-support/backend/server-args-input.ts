// The inputs of the llama-server command line tests and what they read from an argv.
import type { LoadSettings } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import type { ServerArgsInput } from '@main/services/backend/launch/server-args';

/** The default load settings of a loopback model without metrics, with `patch` on top. */
export const argsSettings = (patch: Partial<LoadSettings> = {}): LoadSettings => ({
  ...defaultSettings().load,
  modelPath: '/models/qwen.gguf',
  metrics: false,
  ...patch,
});

/** One CUDA launch on 127.0.0.1:8080 with 33 GPU layers, with `patch` on its settings and `rest` on the rest. */
export const argsInput = (
  patch: Partial<LoadSettings> = {},
  rest: Partial<Omit<ServerArgsInput, 'settings'>> = {},
): ServerArgsInput => ({
  settings: argsSettings(patch),
  backend: 'cuda',
  host: '127.0.0.1',
  port: 8080,
  gpuLayers: 33,
  ...rest,
});

/** The value after `flag`, or undefined when the flag is absent. */
export const valueOf = (args: string[], flag: string): string | undefined => {
  const index = args.indexOf(flag);
  return index < 0 ? undefined : args[index + 1];
};

/** The flags of an argv, without their values. */
export const flags = (args: string[]): string[] => args.filter((arg) => arg.startsWith('-'));
