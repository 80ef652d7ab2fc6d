// The llama-server builds on disk and the GPUs they can see, each probed once
// and cached (a GPU probe runs nvidia-smi or vulkaninfo), and the order a load
// tries them in, with a clear error when none can run. A probe that fails still
// leaves the CPU to run on, but its error is kept and logged: "the GPU probe
// failed" is not the same news as "this machine has no GPU".
import type { BackendInfo, GpuInfo, LoadSettings } from '@shared/contract';
import { AppFailure, errorText } from '@shared/errors';
import { orderBackends } from './backend-choice';
import { discoverBackends } from './discover-backends';

export class BackendCatalog {
  private backendsCache: Promise<BackendInfo[]> | null = null;
  private readonly gpuCache = new Map<string, Promise<GpuInfo[]>>();
  private readonly probeErrors = new Map<string, string>();

  constructor(
    private readonly binDirs: readonly string[],
    private readonly probeGpus: (serverPath: string | undefined) => Promise<GpuInfo[]>,
    /** the model log: where a failed probe is written */
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Forget cached probes (the user asked to look again). */
  refresh(): void {
    this.backendsCache = null;
    this.gpuCache.clear();
    this.probeErrors.clear();
  }

  backends(): Promise<BackendInfo[]> {
    this.backendsCache ??= discoverBackends(this.binDirs);
    return this.backendsCache;
  }

  gpus(serverPath: string | undefined): Promise<GpuInfo[]> {
    const key = serverPath ?? '';
    let cached = this.gpuCache.get(key);
    if (!cached) {
      cached = this.probeGpus(serverPath).catch((error: unknown) => {
        this.probeErrors.set(key, errorText(error));
        this.log(`GPU probe failed: ${errorText(error)}; only the CPU is used`);
        return [];
      });
      this.gpuCache.set(key, cached);
    }
    return cached;
  }

  /** Why the last probe for `serverPath` threw (its GPU list is then empty), or null when it answered. */
  async gpuProbeError(serverPath: string | undefined): Promise<string | null> {
    await this.gpus(serverPath);
    return this.probeErrors.get(serverPath ?? '') ?? null;
  }

  /** The runnable builds in the order a load tries them (auto: cuda > vulkan > opencl > cpu). */
  async order(choice: LoadSettings['backend']): Promise<BackendInfo[]> {
    const backends = await this.backends();
    const usable = backends.filter((b) => b.executable);
    if (usable.length === 0) {
      const broken = backends.map((b) => b.serverPath);
      throw new AppFailure(
        broken.length > 0 ? 'backend_not_executable' : 'backend_missing',
        broken.length > 0
          ? `llama-server is not executable: ${broken.join(', ')}`
          : `no llama-server build found in ${this.binDirs.join(', ')}; run \`npm run backend:build\``,
      );
    }
    if (choice !== 'auto' && !usable.some((b) => b.kind === choice)) {
      throw new AppFailure(
        'backend_missing',
        `the ${choice} backend is not built; run \`npm run backend:build -- --backend ${choice}\` or choose auto`,
      );
    }
    return orderBackends(
      choice,
      usable.map((b) => b.kind),
    ).flatMap((kind) => usable.filter((b) => b.kind === kind));
  }
}
