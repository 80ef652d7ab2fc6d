// The model library's part of the contract: GGUF files found in the user's
// model folders, a server-side file browser (the browser host has no native
// picker), and downloads from Hugging Face (or a mirror speaking its API).
import { z } from 'zod';
import type { AppError } from '../errors';
import { HubEndpointSchema } from '../settings/hub-address';

/** Where models live and where downloads come from. */
export const ModelSettingsSchema = z.object({
  /** folders scanned for `.gguf` files besides the default one */
  folders: z.array(z.string().min(1).max(4096)).max(50),
  /**
   * where downloads and dropped files go, chosen by the user: the default folder or one of `folders`; null in a
   * settings file written before the choice existed, which kept them in the first folder (else the default one)
   */
  downloadFolder: z.string().min(1).max(4096).nullable(),
  /** the Hugging Face API base (a mirror such as https://hf-mirror.com works too) */
  hubEndpoint: HubEndpointSchema,
});
export type ModelSettings = z.infer<typeof ModelSettingsSchema>;
export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co';

/**
 * Which limit of the GGUF header reader a file broke: one string's length, the count of entries or tensors, or what one
 * read keeps in memory.
 */
export type GgufLimit = 'string' | 'entries' | 'tensors' | 'kept';

/**
 * A file that breaks a limit of the header reader (a crafted or damaged file), in numbers for the sentence that says
 * so.
 */
export interface GgufOverLimit {
  limit: GgufLimit;
  /** bytes for `string` and `kept`, a count for `entries` and `tensors` */
  found: number;
  max: number;
}

/** A `.gguf` file found in a library folder, with what its header says. */
export interface LibraryModel {
  path: string;
  fileName: string;
  /** the library folder it was found under */
  folder: string;
  sizeBytes: number;
  modifiedMs: number;
  /** general.name, else the file name without `.gguf` */
  name: string;
  architecture: string;
  /** e.g. `Q4_K_M`, from general.file_type, else from the file name; '' when unknown */
  quantization: string;
  /** general.size_label (e.g. `1.1B`) or null */
  parameters: string | null;
  /** context length the model was trained for (0 when the header does not say) */
  contextLength: number;
  /** a vision/audio projector (mmproj), not a model to load on its own */
  isProjector: boolean;
  /** the projector beside this model that pairs with it, if any */
  mmprojPath: string | null;
  /** set when the file is not a readable GGUF: what is wrong, in words */
  problem: string | null;
  /** set with `problem`: why, for the row to say in the UI's language (`library.reason.<reason>`) */
  problemReason?: LibraryProblemReason;
  /**
   * set with `problem` when the file breaks a limit of the header reader: the row says "not a usable model file" in the
   * UI's language
   */
  overLimit?: GgufOverLimit;
}

/** Why a library file cannot be loaded; each has a `library.reason.<reason>` sentence in both languages. */
export const LIBRARY_PROBLEM_REASONS = [
  'not_gguf',
  'gguf_truncated',
  'gguf_over_limit',
  'no_architecture',
  'tensor_past_end',
  'split_part_missing',
  'unreadable',
] as const;
export type LibraryProblemReason = (typeof LIBRARY_PROBLEM_REASONS)[number];

export interface LibraryListing {
  folders: string[];
  /** the folder downloads and dropped files go to (settings.models.downloadFolder, resolved) */
  downloadFolder: string;
  /** `<data dir>/models`: always scanned, even when no folder is chosen */
  defaultFolder: string;
  models: LibraryModel[];
}

/**
 * The library folders to keep, and where downloads go from now on (left out: where they go now, or the default folder
 * when that one is removed).
 */
export const LibraryFoldersSchema = z
  .object({
    folders: z.array(z.string().min(1).max(4096)).max(50),
    downloadFolder: z.string().min(1).max(4096).optional(),
  })
  .strict();

/**
 * One entry of the server-side file browser: folders and `.gguf` files, or every file when asked for (`files: 'all'`).
 */
export interface BrowseEntry {
  name: string;
  path: string;
  kind: 'folder' | 'gguf' | 'file';
  sizeBytes: number | null;
}
export interface BrowseListing {
  path: string;
  parent: string | null;
  entries: BrowseEntry[];
  /** places to start from: home, the library folders, drive roots on Windows; `kind` names the two the UI words */
  places: { label: string; path: string; kind?: 'home' | 'downloads' }[];
}
/**
 * Which files a listing shows besides folders: `.gguf` models (the default), or all of them (documents for the
 * knowledge base).
 */
export type BrowseFiles = 'gguf' | 'all';
/**
 * `path`: absolute, or `~/…` under the home folder; left out, a model listing opens in the download folder and an
 * all-files one in the home folder. `hidden`: show dot-folders and dot-files too.
 */
export const BrowseSchema = z
  .object({
    path: z.string().max(4096).optional(),
    files: z.enum(['gguf', 'all']).optional(),
    hidden: z.boolean().optional(),
  })
  .strict()
  .optional();

/** A model repository found by a hub search. */
export interface HubModel {
  id: string;
  downloads: number;
  likes: number;
  updatedAt: string | null;
}
export const HubSearchSchema = z
  .object({ query: z.string().max(200), limit: z.number().int().min(1).max(100).optional() })
  .strict();

/** Whether a file fits this machine, from the GPU estimate and free memory. */
export interface FitVerdict {
  kind: 'gpu' | 'partial' | 'cpu' | 'too-big';
  gpuLayers: number | null;
  /** in English words (logs, CLI); the UI words `why` in its own language */
  reason: string;
  why: FitWhy;
}

/** What the verdict rests on, with its numbers (bytes). */
export type FitWhy =
  /** all on the CPU: no GPU backend, or too big for the GPU; `kind` says whether free memory holds it */
  | { code: 'cpu_only'; cause: 'no_gpu_backend' | 'too_big_for_gpu'; weightsBytes: number; freeRamBytes: number }
  | { code: 'vram_unknown'; weightsBytes: number }
  | { code: 'fits_gpu'; weightsBytes: number; gpuBytes: number; freeKnown: boolean; gpu: string }
  /** part on the GPU; `kind` says whether free memory holds the rest */
  | { code: 'split'; percent: number; cpuBytes: number; freeRamBytes: number };
/** A `.gguf` file of a hub repository. */
export interface HubFile {
  /** path inside the repository */
  path: string;
  sizeBytes: number;
  /** the LFS sha256 the download is checked against; null when the hub gives none */
  sha256: string | null;
  quantization: string;
  isProjector: boolean;
  fit: FitVerdict;
  /** already in the library (same name and size) */
  haveIt: boolean;
}
export interface HubFiles {
  repo: string;
  files: HubFile[];
  downloadFolder: string;
  /** free space in the download folder */
  freeBytes: number;
}
export const HubRepoSchema = z
  .object({
    repo: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'a repository is owner/name')
      .max(200),
  })
  .strict();
export const HubDownloadSchema = HubRepoSchema.extend({
  file: z
    .string()
    .min(1)
    .max(1024)
    .refine(
      (f) => f.toLowerCase().endsWith('.gguf') && !f.split('/').includes('..'),
      'only .gguf files inside the repository',
    ),
}).strict();

export type DownloadPhase = 'downloading' | 'verifying' | 'done' | 'failed' | 'cancelled';
/** A download's progress, pushed as `models:download` at most a few times a second. */
export interface DownloadState {
  id: string;
  repo: string;
  file: string;
  /** where the finished file lands; the bytes go to `<dest>.part` until verified */
  dest: string;
  receivedBytes: number;
  totalBytes: number;
  bytesPerSec: number;
  etaSec: number | null;
  phase: DownloadPhase;
  /** the download picked up a partial file left by an earlier attempt */
  resumedFrom: number;
  error: AppError | null;
}
export const DownloadRefSchema = z.object({ id: z.string().min(1).max(100) }).strict();

/**
 * The browser host's drop target: a page with no file paths (a browser) copies a
 * dropped `.gguf` into the download folder with
 * `PUT <MODEL_UPLOAD_PATH>?token=<page token>&name=<file name>`, the raw bytes as
 * the body (Content-Length set). The answer is JSON `Result<{ path: string }>`;
 * bytes go to `<name>.part` first, so a cut-off upload is never offered as a model.
 */
export const MODEL_UPLOAD_PATH = '/models/upload';
