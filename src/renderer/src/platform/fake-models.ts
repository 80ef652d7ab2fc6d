// The model library's channels on the in-memory platform: a small pretend disk of
// `.gguf` files (browse, library scan), the pretend hub of fake-hub.ts, and an
// upload that lands in the download folder. Nothing touches a real disk or network.
// What a file's name says (quantization, projector, its pair) the core's own rules decide.
import type { AppSettings, EventPayloads, InvokeOutput } from '@shared/contract';
import type { BrowseEntry, BrowseFiles, LibraryListing, LibraryModel } from '@shared/models/model-library';
import { isProjectorName, quantizationFromName } from '@shared/models/gguf-file-names';
import { pairProjectors } from '@shared/models/projector-pairing';
import type { Timers } from '../lib/timers';
import { createFakeHub, type FakeHubOptions } from './fake-hub';
import type { ModelUpload, Result } from './types';
import { type FakeHandler, ok } from './fake-handler';

type ModelChannel =
  | 'models:list'
  | 'models:set-folders'
  | 'models:browse'
  | 'models:search-hub'
  | 'models:hub-files'
  | 'models:start-download'
  | 'models:cancel-download'
  | 'models:downloads';

export interface FakeModelsOptions extends FakeHubOptions {
  /**
   * the pretend disk: path → size in bytes (folders are implied by the paths; other files than `.gguf` show only in an
   * all-files listing)
   */
  modelFiles?: Record<string, number>;
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

interface FakeModelsDeps {
  state: { settings: AppSettings };
  emit: (event: 'models:download', payload: EventPayloads['models:download']) => void;
  timers: Timers;
  options: FakeModelsOptions;
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const dirName = (path: string): string => path.slice(0, path.lastIndexOf('/')) || '/';

/** What a header would say: a "broken" file has none, any other is a 32K qwen2; the rest the name tells. */
function fakeHeader(path: string, sizeBytes: number, folder: string): LibraryModel {
  const fileName = baseName(path);
  const stem = fileName.replace(/\.gguf$/i, '');
  const broken = /broken/i.test(fileName);
  return {
    path,
    fileName,
    folder,
    sizeBytes,
    modifiedMs: 1_700_000_000_000,
    name: stem,
    architecture: broken ? '' : 'qwen2',
    quantization: quantizationFromName(fileName),
    parameters: /(\d+(?:\.\d+)?B)/i.exec(stem)?.[1]?.toUpperCase() ?? null,
    contextLength: broken ? 0 : 32_768,
    isProjector: isProjectorName(fileName),
    mmprojPath: null,
    problem: broken ? 'not a GGUF file: the header is missing (an unfinished download?)' : null,
  };
}

export function createFakeModels({ state, emit, timers, options }: FakeModelsDeps): {
  handlers: { [C in ModelChannel]: FakeHandler<C> };
  upload: ModelUpload;
} {
  const disk = new Map(Object.entries(options.modelFiles ?? DEFAULT_FILES));
  const step = options.downloadStepMs ?? 0;

  const folders = (): string[] => state.settings.models.folders;
  // As in the core: the chosen folder, else (settings from before the choice) the first one, else the default.
  const downloadFolder = (): string =>
    state.settings.models.downloadFolder ?? folders()[0] ?? FAKE_DEFAULT_MODEL_FOLDER;

  const listing = (): LibraryListing => {
    const roots = folders().length > 0 ? folders() : [FAKE_DEFAULT_MODEL_FOLDER];
    const models = [...disk].flatMap(([path, size]) => {
      const folder = /\.gguf$/i.test(path) ? roots.find((root) => path.startsWith(`${root}/`)) : undefined;
      return folder === undefined ? [] : [fakeHeader(path, size, folder)];
    });
    const pairs = pairProjectors(models.map((m) => ({ ...m, dir: dirName(m.path), usable: m.problem === null })));
    for (const model of models) model.mmprojPath = pairs.get(model.path) ?? null;
    return {
      folders: folders(),
      downloadFolder: downloadFolder(),
      defaultFolder: FAKE_DEFAULT_MODEL_FOLDER,
      models: models.sort((a, b) => a.name.localeCompare(b.name)),
    };
  };

  // As in the core: a model listing opens in the download folder once it holds something (is made), else at home.
  const startFolder = (files: BrowseFiles): string => {
    const models = downloadFolder();
    const made = [...disk.keys()].some((p) => p.startsWith(`${models}/`));
    return files === 'gguf' && made ? models : HOME;
  };
  const browse = (
    typed: string | undefined,
    files: BrowseFiles = 'gguf',
    hidden = false,
  ): Result<InvokeOutput<'models:browse'>> => {
    const path = typed === undefined ? startFolder(files) : typed.replace(/^~(?=\/|$)/, HOME);
    if (!path.startsWith('/'))
      return {
        ok: false,
        error: { code: 'bad_request', message: `not a full path: ${path}`, details: { path, reason: 'not_absolute' } },
      };
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
      return {
        ok: false,
        error: {
          code: 'not_found',
          message: `no such folder: ${clean}`,
          details: { path: clean, reason: 'folder_missing' },
        },
      };
    const entries = new Map<string, BrowseEntry>();
    for (const file of below) {
      const rest = file.slice(prefix.length);
      const [first] = rest.split('/');
      if (first === undefined || first === '' || (!hidden && first.startsWith('.'))) continue;
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
      { label: 'Home', path: HOME, kind: 'home' as const },
      ...listing().folders.map((folder) => ({ label: baseName(folder), path: folder })),
    ];
    return ok({ path: clean, parent: clean === '/' ? null : dirName(clean), entries: sorted, places });
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

  const handlers: { [C in ModelChannel]: FakeHandler<C> } = {
    'models:list': () => ok(listing()),
    'models:set-folders': (input) => {
      const kept = [...input.folders, FAKE_DEFAULT_MODEL_FOLDER];
      const wanted = input.downloadFolder ?? downloadFolder();
      const next = kept.includes(wanted) ? wanted : FAKE_DEFAULT_MODEL_FOLDER;
      state.settings = {
        ...state.settings,
        models: { ...state.settings.models, folders: [...input.folders], downloadFolder: next },
      };
      return ok(listing());
    },
    'models:browse': (input) => browse(input?.path, input?.files, input?.hidden),
    ...createFakeHub({ emit, timers, options, disk, downloadFolder, libraryModels: () => listing().models }),
  };
  return { handlers, upload };
}
