// The model library's part of the contract: the folders it scans, the file
// browser, the hub it searches and the downloads it makes.
import { channel, emptyInput } from '../contract-parts';
import {
  BrowseSchema,
  DownloadRefSchema,
  HubDownloadSchema,
  HubRepoSchema,
  HubSearchSchema,
  LibraryFoldersSchema,
  type BrowseListing,
  type DownloadState,
  type HubFiles,
  type HubModel,
  type LibraryListing,
} from './model-library';

export const modelsChannels = {
  /** Every `.gguf` in the library folders, with its header facts (scanned now). */
  'models:list': channel<typeof emptyInput, LibraryListing>(emptyInput),
  /** Replace the library folders (and, where given, the download folder) and rescan. */
  'models:set-folders': channel<typeof LibraryFoldersSchema, LibraryListing>(LibraryFoldersSchema),
  /** The server-side file browser: folders and `.gguf` files of `path` (default: the download folder). */
  'models:browse': channel<typeof BrowseSchema, BrowseListing>(BrowseSchema),
  /** Search the hub (settings.models.hubEndpoint) for GGUF repositories. */
  'models:search-hub': channel<typeof HubSearchSchema, { models: HubModel[] }>(HubSearchSchema),
  /** A hub repository's `.gguf` files with size, checksum and whether each fits this machine. */
  'models:hub-files': channel<typeof HubRepoSchema, HubFiles>(HubRepoSchema),
  /** Start (or resume) a download into the download folder; progress arrives as `models:download`. */
  'models:start-download': channel<typeof HubDownloadSchema, DownloadState>(HubDownloadSchema),
  'models:cancel-download': channel<typeof DownloadRefSchema, { cancelled: boolean }>(DownloadRefSchema),
  /** Downloads under way and those finished since the app started. */
  'models:downloads': channel<typeof emptyInput, { downloads: DownloadState[] }>(emptyInput),
} as const;

export interface ModelsEventPayloads {
  /** a download's progress or end */
  'models:download': DownloadState;
}

export const MODELS_EVENT_NAMES: Record<keyof ModelsEventPayloads, true> = { 'models:download': true };
