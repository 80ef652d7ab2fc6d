// The model library's channels on the in-memory platform: a small pretend disk of
// `.gguf` files (browse, library scan), a pretend hub, downloads that advance on the
// platform's timers (cancel keeps the partial bytes, a second start resumes them), and
// an upload that lands in the download folder. Nothing touches a real disk or network.
import type { AppSettings, EventPayloads, InvokeChannel, InvokeInput, InvokeOutput } from '@shared/contract';
import type {
  BrowseEntry,
  BrowseFiles,
  DownloadState,
  FitVerdict,
  HubFile,
  HubModel,
  LibraryListing,
  LibraryModel,
} from '@shared/models/model-library';
import type { Timers } from '../lib/timers';
import type { ModelUpload, Result } from './types';

type ModelChannel =
  | 'models:list'
  | 'models:set-folders'
  | 'models:browse'
  | 'hub:search'
  | 'hub:files'
  | 'hub:download'
  | 'hub:cancel'
  | 'hub:downloads';
type Handler<C extends InvokeChannel> = (
  input: InvokeInput<C>,
) => Result<InvokeOutput<C>> | Promise<Result<InvokeOutput<C>>>;

export interface FakeModelsOptions {
  /**
   * the pretend disk: path → size in bytes (folders are implied by the paths; other files than `.gguf` show only in an
   * all-files listing)
   */
  modelFiles?: Record<string, number>;
  /** the pretend hub's repositories and their files */
  hub?: { models: HubModel[]; files: Record<string, HubFile[]> };
  /** ms between two progress events of a download or upload; 0 runs each step on a zero timer */
  downloadStepMs?: number;
}

const HOME = '/home/user';
export const FAKE_DEFAULT_MODEL_FOLDER = `${HOME}/.eva/models`;
const GiB = 1024 ** 3;

const DEFAULT_FILES: Record<string, number> = {
  [`${HOME}/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf`]: 0.4 * GiB,
  [`${HOME}/models/vision/Qwen2.5-VL-3B-Instruct-Q4_K_M.gguf`]: 1.9 * GiB,
  [`${HOME}/models/vision/mmproj-Qwen2.5-VL-3B-F16.gguf`]: 1.3 * GiB,
  [`${HOME}/Downloads/broken-download.gguf`]: 12_345,
};

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

const DEFAULT_HUB: NonNullable<FakeModelsOptions['hub']> = {
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

interface FakeModelsDeps {
  state: { settings: AppSettings };
  emit: (event: 'models:download', payload: EventPayloads['models:download']) => void;
  timers: Timers;
  options: FakeModelsOptions;
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const dirName = (path: string): string => path.slice(0, path.lastIndexOf('/')) || '/';
const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** What a header would say, guessed from the file name as the core guesses when the header is silent. */
function fakeHeader(path: string, sizeBytes: number, folder: string, projectors: string[]): LibraryModel {
  const fileName = baseName(path);
  const stem = fileName.replace(/\.gguf$/i, '');
  const isProjector = /^mmproj/i.test(fileName);
  const broken = /broken/i.test(fileName);
  const pair = isProjector ? null : (projectors.find((p) => dirName(p) === dirName(path)) ?? null);
  return {
    path,
    fileName,
    folder,
    sizeBytes,
    modifiedMs: 1_700_000_000_000,
    name: stem,
    architecture: broken ? '' : 'qwen2',
    quantization: /(Q\d\w*|F16|BF16|F32)$/i.exec(stem)?.[1]?.toUpperCase() ?? '',
    parameters: /(\d+(?:\.\d+)?B)/i.exec(stem)?.[1]?.toUpperCase() ?? null,
    contextLength: broken ? 0 : 32_768,
    isProjector,
    mmprojPath: pair,
    problem: broken ? 'not a GGUF file: the header is missing (an unfinished download?)' : null,
  };
}

export function createFakeModels({ state, emit, timers, options }: FakeModelsDeps): {
  handlers: { [C in ModelChannel]: Handler<C> };
  upload: ModelUpload;
} {
  const disk = new Map(Object.entries(options.modelFiles ?? DEFAULT_FILES));
  const hub = options.hub ?? DEFAULT_HUB;
  const downloads = new Map<string, DownloadState>();
  const partials = new Map<string, number>();
  const running = new Map<string, unknown>();
  let downloadSeq = 0;
  const step = options.downloadStepMs ?? 0;

  const folders = (): string[] => state.settings.models.folders;
  const downloadFolder = (): string => folders()[0] ?? FAKE_DEFAULT_MODEL_FOLDER;

  const listing = (): LibraryListing => {
    const roots = folders().length > 0 ? folders() : [FAKE_DEFAULT_MODEL_FOLDER];
    const inside = [...disk].flatMap(([path, size]) => {
      const folder = /\.gguf$/i.test(path) ? roots.find((root) => path.startsWith(`${root}/`)) : undefined;
      return folder === undefined ? [] : [{ path, size, folder }];
    });
    const projectors = inside.filter((f) => /^mmproj/i.test(baseName(f.path))).map((f) => f.path);
    return {
      folders: folders(),
      downloadFolder: downloadFolder(),
      models: inside
        .map((f) => fakeHeader(f.path, f.size, f.folder, projectors))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  };

  const browse = (path: string, files: BrowseFiles = 'gguf'): Result<InvokeOutput<'models:browse'>> => {
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const prefix = clean === '/' ? '/' : `${clean}/`;
    const below = [...disk.keys()].filter((p) => p.startsWith(prefix));
    const isFolder =
      below.length > 0 ||
      clean === HOME ||
      clean === '/' ||
      folders().includes(clean) ||
      clean === FAKE_DEFAULT_MODEL_FOLDER;
    if (!isFolder)
      return { ok: false, error: { code: 'not_found', message: `no such folder: ${clean}`, details: { path: clean } } };
    const entries = new Map<string, BrowseEntry>();
    for (const file of below) {
      const rest = file.slice(prefix.length);
      const [first] = rest.split('/');
      if (first === undefined || first === '' || first.startsWith('.')) continue;
      const isFile = !rest.includes('/');
      const isGguf = /\.gguf$/i.test(first);
      if (isFile && !isGguf && files !== 'all') continue;
      entries.set(first, {
        name: first,
        path: `${prefix}${first}`,
        kind: isFile ? (isGguf ? 'gguf' : 'file') : 'folder',
        sizeBytes: isFile ? (disk.get(file) ?? 0) : null,
      });
    }
    const sorted = [...entries.values()].sort((a, b) =>
      a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1,
    );
    const places = [
      { label: 'Home', path: HOME },
      ...listing().folders.map((folder) => ({ label: baseName(folder), path: folder })),
    ];
    return ok({ path: clean, parent: clean === '/' ? null : dirName(clean), entries: sorted, places });
  };

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

  const upload: ModelUpload = {
    upload: (file, { onProgress, signal }) =>
      new Promise((resolve) => {
        if (!/\.gguf$/i.test(file.name))
          return resolve({
            ok: false,
            error: { code: 'bad_request', message: 'only .gguf files can be added to the library' },
          });
        const dest = `${downloadFolder()}/${file.name}`;
        const cancelled = (): void =>
          resolve({
            ok: false,
            error: { code: 'bad_request', message: 'upload cancelled', details: { cancelled: true } },
          });
        const halfway = timers.setTimeout(() => {
          onProgress(Math.floor(file.size / 2), file.size);
          const end = timers.setTimeout(() => {
            signal.removeEventListener('abort', stop);
            onProgress(file.size, file.size);
            disk.set(dest, file.size);
            resolve(ok({ path: dest }));
          }, step);
          handles.push(end);
        }, step);
        const handles: unknown[] = [halfway];
        const stop = (): void => {
          for (const handle of handles) timers.clearTimeout(handle);
          cancelled();
        };
        signal.addEventListener('abort', stop, { once: true });
      }),
  };

  const handlers: { [C in ModelChannel]: Handler<C> } = {
    'models:list': () => ok(listing()),
    'models:set-folders': (input) => {
      state.settings = { ...state.settings, models: { ...state.settings.models, folders: [...input.folders] } };
      return ok(listing());
    },
    'models:browse': (input) => browse(input?.path ?? HOME, input?.files),
    'hub:search': (input) => {
      const query = input.query.trim().toLowerCase();
      return ok({ models: hub.models.filter((m) => m.id.toLowerCase().includes(query)).slice(0, input.limit ?? 20) });
    },
    'hub:files': (input) => {
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
      const have = listing().models;
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
    'hub:download': (input) => {
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
    'hub:cancel': (input) => {
      const now = downloads.get(input.id);
      if (!now || (now.phase !== 'downloading' && now.phase !== 'verifying')) return ok({ cancelled: false });
      const timer = running.get(input.id);
      if (timer !== undefined) timers.clearTimeout(timer);
      running.delete(input.id);
      publish({ ...now, phase: 'cancelled', bytesPerSec: 0, etaSec: null });
      return ok({ cancelled: true });
    },
    'hub:downloads': () => ok({ downloads: [...downloads.values()] }),
  };
  return { handlers, upload };
}
