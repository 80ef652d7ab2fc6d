// The model library as the core sees it: the contract's `models:*`
// calls over the pieces in this folder (scan, folders, browser, hub client,
// downloads, uploads). Paths, the clock, fetch and statfs come in from outside.
import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { AppFailure } from '@shared/errors';
import type { AppSettings } from '@shared/contract';
import type { BrowseListing, DownloadState, HubFiles, HubModel, LibraryListing } from '@shared/models/model-library';
import { browseFolder, type BrowseOptions } from './browse-folder';
import { defaultStatfs, freeBytesIn, type StatFs } from './disk-space';
import { createDownloadManager, type DownloadManager } from './download-manager';
import { fitVerdict, type MachineRoom } from './fit-verdict';
import { isProjectorName, quantizationFromName } from '@shared/models/gguf-file-names';
import { createHubClient, type Fetch } from './hub-client';
import { checkLibraryFolders } from './library-folders';
import { receiveUpload } from './receive-upload';
import { scanLibrary, type SummaryCache } from './scan-library';

export interface ModelLibraryDeps {
  settings: {
    get(): AppSettings;
    update(change: { models: { folders: string[]; downloadFolder: string } }): Promise<AppSettings>;
  };
  /** `<data dir>/models`: always scanned, and where downloads go while no folder is chosen */
  defaultFolder: string;
  homeDir: string;
  emitDownload: (state: DownloadState) => void;
  /** the backend a load would use, its GPUs and the free memory, for the fit verdicts */
  machineRoom: () => Promise<MachineRoom>;
  fetch?: Fetch;
  statfs?: StatFs;
  platform?: NodeJS.Platform;
  now?: () => number;
}

/** Where a dropped file is stored; the browser host's upload route calls it. */
export interface ModelUploadSink {
  receiveUpload(name: string, body: Readable, lengthBytes: number): Promise<{ path: string }>;
}

export interface ModelLibrary extends ModelUploadSink {
  list(): Promise<LibraryListing>;
  /** the folders to scan; downloads go to `downloadFolder` where given, else where they went (if it stays) */
  setFolders(folders: string[], downloadFolder?: string): Promise<LibraryListing>;
  browse(path: string | undefined, options?: BrowseOptions): Promise<BrowseListing>;
  search(query: string, limit?: number): Promise<{ models: HubModel[] }>;
  files(repo: string): Promise<HubFiles>;
  download(input: { repo: string; file: string }): Promise<DownloadState>;
  cancel(id: string): { cancelled: boolean };
  downloads(): { downloads: DownloadState[] };
  /** resolves when the download has ended */
  settled(id: string): Promise<DownloadState | null>;
  /** cancels every download (their parts stay for a later resume) and waits for them */
  dispose(): Promise<void>;
}

const DEFAULT_SEARCH_LIMIT = 30;

export function createModelLibrary(deps: ModelLibraryDeps): ModelLibrary {
  const statfs = deps.statfs ?? defaultStatfs;
  const cache: SummaryCache = new Map();
  const hub = createHubClient(() => deps.settings.get().models.hubEndpoint, deps.fetch);
  const uploading = new Set<string>();
  const downloads: DownloadManager = createDownloadManager({
    fetch: deps.fetch ?? fetch,
    statfs,
    emit: deps.emitDownload,
    now: deps.now,
  });

  const userFolders = () => deps.settings.get().models.folders.map((folder) => resolve(folder));
  // A settings file from before the choice existed kept downloads in the first folder: they stay there.
  const downloadFolder = () => {
    const chosen = deps.settings.get().models.downloadFolder;
    return chosen !== null ? resolve(chosen) : (userFolders()[0] ?? resolve(deps.defaultFolder));
  };
  const readyDownloadFolder = async (): Promise<string> => {
    const folder = downloadFolder();
    await mkdir(folder, { recursive: true });
    return folder;
  };

  async function list(): Promise<LibraryListing> {
    await mkdir(deps.defaultFolder, { recursive: true });
    const { models } = await scanLibrary([...userFolders(), resolve(deps.defaultFolder)], cache);
    return {
      folders: userFolders(),
      downloadFolder: downloadFolder(),
      defaultFolder: resolve(deps.defaultFolder),
      models,
    };
  }

  return {
    list,
    async setFolders(folders, chosen) {
      const checked = await checkLibraryFolders(folders);
      const fallback = resolve(deps.defaultFolder);
      const kept = [...checked, fallback];
      const wanted = chosen === undefined ? downloadFolder() : resolve(chosen);
      if (chosen !== undefined && !kept.includes(wanted))
        throw new AppFailure('bad_request', `Downloads can only go to a library folder; add ${wanted} first.`, {
          path: wanted,
          reason: 'download_folder_not_in_library',
        });
      // Written every time, so adding a folder never moves the downloads (they once went to the first folder).
      const next = kept.includes(wanted) ? wanted : fallback;
      await deps.settings.update({ models: { folders: checked, downloadFolder: next } });
      return list();
    },
    browse: (path, options) =>
      browseFolder(
        path,
        {
          homeDir: deps.homeDir,
          libraryFolders: userFolders(),
          downloadFolder: downloadFolder(),
          platform: deps.platform ?? process.platform,
        },
        options,
      ),
    async search(query, limit = DEFAULT_SEARCH_LIMIT) {
      return { models: await hub.search(query, limit) };
    },
    async files(repo) {
      const folder = await readyDownloadFolder();
      const [tree, room, scan, freeBytes] = await Promise.all([
        hub.files(repo),
        deps.machineRoom(),
        scanLibrary([...userFolders(), resolve(deps.defaultFolder)], cache),
        freeBytesIn(folder, statfs),
      ]);
      const have = new Set(scan.files.map((file) => `${file.fileName}\n${file.sizeBytes}`));
      const files = tree.map((file) => {
        const fileName = basename(file.path);
        return {
          path: file.path,
          sizeBytes: file.sizeBytes,
          sha256: file.sha256,
          quantization: quantizationFromName(fileName),
          isProjector: isProjectorName(fileName),
          fit: fitVerdict(file.sizeBytes, room),
          haveIt: have.has(`${fileName}\n${file.sizeBytes}`),
        };
      });
      return { repo, files, downloadFolder: folder, freeBytes };
    },
    async download({ repo, file }) {
      const entry = (await hub.files(repo)).find((candidate) => candidate.path === file);
      if (!entry)
        throw new AppFailure('not_found', `${repo} has no file ${file} (any more); refresh its file list.`, {
          reason: 'no_such_file',
          repo,
          file,
        });
      const folder = await readyDownloadFolder();
      return downloads.start({
        repo,
        file,
        url: hub.fileUrl(repo, file),
        dest: join(folder, basename(file)),
        totalBytes: entry.sizeBytes,
        sha256: entry.sha256,
      });
    },
    cancel: (id) => ({ cancelled: downloads.cancel(id) }),
    downloads: () => ({ downloads: downloads.list() }),
    settled: (id) => downloads.settled(id),
    async receiveUpload(name, body, lengthBytes) {
      if (uploading.has(name))
        throw new AppFailure('already_running', `${name} is already being added; wait for it to finish.`, {
          reason: 'already_uploading',
          name,
        });
      uploading.add(name);
      try {
        return await receiveUpload({ folder: await readyDownloadFolder(), name, body, lengthBytes, statfs });
      } finally {
        uploading.delete(name);
      }
    },
    dispose: () => downloads.dispose(),
  };
}
