// The hub channels of the in-memory platform: a pretend hub of three repositories
// (each file with the fit verdict an 8 GiB GPU would get), and downloads that advance
// a quarter on each of the platform's timers (cancel keeps the partial bytes, a second
// start resumes them; a file named "fail" fails halfway). A finished one lands on the pretend disk.
import type { EventPayloads } from '@shared/contract';
import type { DownloadState, FitVerdict, HubFile, HubModel, LibraryModel } from '@shared/models/model-library';
import type { Timers } from '../lib/timers';
import { type FakeHandler, ok } from './fake-handler';

type HubChannel =
  'models:search-hub' | 'models:hub-files' | 'models:start-download' | 'models:cancel-download' | 'models:downloads';

export interface FakeHubOptions {
  /** the pretend hub's repositories and their files */
  hub?: { models: HubModel[]; files: Record<string, HubFile[]> };
  /** ms between two progress events of a download or upload; 0 runs each step on a zero timer */
  downloadStepMs?: number;
}

interface FakeHubDeps {
  emit: (event: 'models:download', payload: EventPayloads['models:download']) => void;
  timers: Timers;
  options: FakeHubOptions;
  /** the pretend disk, path → size in bytes */
  disk: Map<string, number>;
  downloadFolder: () => string;
  /** the library's models now, which a hub file may already be among */
  libraryModels: () => LibraryModel[];
}

const GiB = 1024 ** 3;
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

const fit = (
  kind: FitVerdict['kind'],
  reason: string,
  why: FitVerdict['why'],
  gpuLayers: number | null = null,
): FitVerdict => ({ kind, reason, why, gpuLayers });
// As a machine with an 8 GiB GPU and 16 GiB of free memory would answer.
const RAM = 16 * GiB;
const fitsGpu = (size: number) =>
  fit('gpu', 'All layers on the GPU', {
    code: 'fits_gpu',
    weightsBytes: size,
    gpuBytes: 8 * GiB,
    freeKnown: true,
    gpu: 'NVIDIA GeForce RTX 4060',
  });
const hubFile = (path: string, sizeBytes: number, quantization: string, verdict: FitVerdict): HubFile => ({
  path,
  sizeBytes,
  sha256: 'a'.repeat(64),
  quantization,
  isProjector: /mmproj/i.test(path),
  fit: verdict,
  haveIt: false,
});

const DEFAULT_HUB: NonNullable<FakeHubOptions['hub']> = {
  models: [
    { id: 'Qwen/Qwen2.5-0.5B-Instruct-GGUF', downloads: 184_220, likes: 312, updatedAt: '2025-09-30T10:00:00Z' },
    { id: 'bartowski/Llama-3.2-1B-Instruct-GGUF', downloads: 96_051, likes: 128, updatedAt: '2025-08-02T10:00:00Z' },
    { id: 'unsloth/Qwen3-32B-GGUF', downloads: 40_310, likes: 77, updatedAt: '2025-10-11T10:00:00Z' },
  ],
  files: {
    'Qwen/Qwen2.5-0.5B-Instruct-GGUF': [
      hubFile('qwen2.5-0.5b-instruct-q4_k_m.gguf', 0.39 * GiB, 'Q4_K_M', fitsGpu(0.39 * GiB)),
      hubFile('qwen2.5-0.5b-instruct-q8_0.gguf', 0.62 * GiB, 'Q8_0', fitsGpu(0.62 * GiB)),
    ],
    'bartowski/Llama-3.2-1B-Instruct-GGUF': [
      hubFile(
        'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
        0.75 * GiB,
        'Q4_K_M',
        fit(
          'cpu',
          'No GPU backend',
          { code: 'cpu_only', cause: 'no_gpu_backend', weightsBytes: 0.75 * GiB, freeRamBytes: RAM },
          0,
        ),
      ),
    ],
    'unsloth/Qwen3-32B-GGUF': [
      hubFile(
        'Qwen3-32B-Q4_K_M.gguf',
        19.8 * GiB,
        'Q4_K_M',
        fit('partial', 'About 38 % of the layers on the GPU', {
          code: 'split',
          percent: 38,
          cpuBytes: 12.3 * GiB,
          freeRamBytes: RAM,
        }),
      ),
      hubFile(
        'Qwen3-32B-F16.gguf',
        65.5 * GiB,
        'F16',
        fit('too-big', 'Too big', { code: 'split', percent: 12, cpuBytes: 57.6 * GiB, freeRamBytes: RAM }),
      ),
    ],
  },
};

export function createFakeHub({ emit, timers, options, disk, downloadFolder, libraryModels }: FakeHubDeps): {
  [C in HubChannel]: FakeHandler<C>;
} {
  const hub = options.hub ?? DEFAULT_HUB;
  const downloads = new Map<string, DownloadState>();
  const partials = new Map<string, number>();
  const running = new Map<string, unknown>();
  let downloadSeq = 0;
  const step = options.downloadStepMs ?? 0;

  const publish = (next: DownloadState): DownloadState => {
    downloads.set(next.id, next);
    emit('models:download', next);
    return next;
  };

  const advance = (id: string): void => {
    running.delete(id);
    const now = downloads.get(id);
    if (!now || now.phase === 'cancelled') return;
    if (now.phase === 'verifying') {
      disk.set(now.dest, now.totalBytes);
      partials.delete(now.dest);
      publish({ ...now, phase: 'done', bytesPerSec: 0, etaSec: 0 });
      return;
    }
    const receivedBytes = Math.min(now.totalBytes, now.receivedBytes + Math.ceil(now.totalBytes / 4));
    partials.set(now.dest, receivedBytes);
    if (/fail/i.test(now.file) && receivedBytes >= now.totalBytes / 2) {
      publish({
        ...now,
        receivedBytes,
        phase: 'failed',
        bytesPerSec: 0,
        etaSec: null,
        error: { code: 'endpoint_error', message: 'the hub closed the connection', details: { status: 502 } },
      });
      return;
    }
    const bytesPerSec = 40 * 1024 * 1024;
    publish({
      ...now,
      receivedBytes,
      bytesPerSec,
      etaSec: Math.ceil((now.totalBytes - receivedBytes) / bytesPerSec),
      phase: receivedBytes >= now.totalBytes ? 'verifying' : 'downloading',
    });
    running.set(
      id,
      timers.setTimeout(() => advance(id), step),
    );
  };

  return {
    'models:search-hub': (input) => {
      const query = input.query.trim().toLowerCase();
      return ok({ models: hub.models.filter((m) => m.id.toLowerCase().includes(query)).slice(0, input.limit ?? 20) });
    },
    'models:hub-files': (input) => {
      const files = hub.files[input.repo];
      if (!files)
        return {
          ok: false,
          error: {
            code: 'not_found',
            message: `no repository ${input.repo} on the hub`,
            details: { repo: input.repo },
          },
        };
      const have = libraryModels();
      return ok({
        repo: input.repo,
        files: files.map((f) => ({
          ...f,
          haveIt: have.some((m) => m.fileName === baseName(f.path) && m.sizeBytes === f.sizeBytes),
        })),
        downloadFolder: downloadFolder(),
        freeBytes: 50 * GiB,
      });
    },
    'models:start-download': (input) => {
      const file = hub.files[input.repo]?.find((f) => f.path === input.file);
      if (!file) return { ok: false, error: { code: 'not_found', message: `no file ${input.file} in ${input.repo}` } };
      const dest = `${downloadFolder()}/${baseName(file.path)}`;
      const active = [...downloads.values()].find(
        (d) => d.dest === dest && (d.phase === 'downloading' || d.phase === 'verifying'),
      );
      if (active) return ok(active);
      const resumedFrom = partials.get(dest) ?? 0;
      const id = `dl-${++downloadSeq}`;
      const started = publish({
        id,
        repo: input.repo,
        file: file.path,
        dest,
        receivedBytes: resumedFrom,
        totalBytes: file.sizeBytes,
        bytesPerSec: 0,
        etaSec: null,
        phase: 'downloading',
        resumedFrom,
        error: null,
      });
      running.set(
        id,
        timers.setTimeout(() => advance(id), step),
      );
      return ok(started);
    },
    'models:cancel-download': (input) => {
      const now = downloads.get(input.id);
      if (!now || (now.phase !== 'downloading' && now.phase !== 'verifying')) return ok({ cancelled: false });
      const timer = running.get(input.id);
      if (timer !== undefined) timers.clearTimeout(timer);
      running.delete(input.id);
      publish({ ...now, phase: 'cancelled', bytesPerSec: 0, etaSec: null });
      return ok({ cancelled: true });
    },
    'models:downloads': () => ok({ downloads: [...downloads.values()] }),
  };
}
