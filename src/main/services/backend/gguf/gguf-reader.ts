// Reads the header of a GGUF file (llama.cpp's model format) without touching the
// multi-GB tensor data: the magic, the version, the metadata key/values the caller
// asks for and, when asked, the tensor infos. Every count is checked against a sane
// limit and everything kept is charged to a budget, so a hostile or truncated file
// fails fast with `model_invalid` instead of allocating gigabytes or hanging; file
// system errors become `model_missing` / `model_unreadable`. The bytes come from
// gguf-cursor.ts, the typed values from gguf-values.ts.
import { open, stat, type FileHandle } from 'node:fs/promises';
import { errorText, AppFailure } from '@shared/errors';
import { GgufCursor, invalidGguf, overLimitGguf } from './gguf-cursor';
import { KEPT_BYTES, KeptBudget } from './gguf-kept-budget';
import { readString, readType, readValue, skipValue, type GgufType, type GgufValue } from './gguf-values';

/** One tensor's description from the header; `offset` is relative to `dataOffset`. */
export interface GgufTensorInfo {
  name: string;
  dims: number[];
  /** ggml type code (0 = F32, 1 = F16, …) */
  type: number;
  offset: number;
}

/** What `readGgufHeader` found. */
export interface GgufHeader {
  version: 2 | 3;
  /** as the header declares it */
  tensorCount: number;
  /** the kept keys' values (every key unless `opts.keys` says otherwise) */
  metadata: Map<string, GgufValue>;
  /** the declared type of each kept metadata value */
  types: Map<string, GgufType>;
  /** byte offset where the tensor infos start (right after the metadata) */
  tensorInfoOffset: number;
  fileSize: number;
  /** only with `opts.tensors` */
  tensors?: GgufTensorInfo[];
  /** only with `opts.tensors` or `opts.onTensor`: where the tensor data starts, aligned */
  dataOffset?: number;
}

export interface ReadGgufOptions {
  /**
   * the metadata keys to keep, by name or by test; the others are skipped by their lengths, never decoded (default:
   * every key)
   */
  keys?: readonly string[] | ((key: string) => boolean);
  /**
   * decode the elements of kept arrays into `values`: all of them, or only those of the keys listed (a vocabulary costs
   * ~100 ms; off by default)
   */
  keepArrays?: boolean | readonly string[];
  /** also read and keep the tensor infos */
  tensors?: boolean;
  /**
   * sees every tensor info as it is read, kept or not: how a caller checks the tensors of a file without holding
   * millions of them
   */
  onTensor?: (tensor: GgufTensorInfo) => void;
  /** bytes of memory the kept keys, values and tensor infos may take (default KEPT_BYTES) */
  keptBytes?: number;
}

const MAX_KV_COUNT = 1 << 20;
/** Real models have at most tens of thousands (a mixture of experts with its experts apart). */
export const MAX_TENSOR_COUNT = 1 << 20;
const GGML_MAX_DIMS = 4;
const DEFAULT_ALIGNMENT = 32;

async function readTensorInfo(c: GgufCursor, index: number): Promise<GgufTensorInfo> {
  const name = await readString(c, `the name of tensor ${index}`, 1 << 16);
  const what = `tensor ${name}`;
  if (!c.has(4)) await c.need(4, what);
  const nDims = c.u32();
  if (nDims > GGML_MAX_DIMS)
    throw invalidGguf(`invalid GGUF: ${what} has ${nDims} dimensions (at most ${GGML_MAX_DIMS})`, {
      path: c.path,
      name,
      nDims,
    });
  const bytes = nDims * 8 + 4 + 8;
  if (!c.has(bytes)) await c.need(bytes, what);
  const dims: number[] = [];
  for (let i = 0; i < nDims; i++) dims.push(c.u64n());
  const type = c.u32();
  const offset = c.u64n();
  if (!dims.every(Number.isSafeInteger) || !Number.isSafeInteger(offset)) {
    throw invalidGguf(`invalid GGUF: ${what} has absurd dimensions or offset`, { path: c.path, name, dims, offset });
  }
  return { name, dims, type, offset };
}

function checkCount(c: GgufCursor, count: number, limit: number, what: 'tensors' | 'entries', at: number): number {
  if (count > limit) {
    const words = what === 'tensors' ? 'tensors' : 'metadata entries';
    throw overLimitGguf(`invalid GGUF: declares ${count} ${words} at byte ${at} (limit ${limit})`, {
      path: c.path,
      at,
      count,
      limit: what,
      found: count,
      max: limit,
    });
  }
  return count;
}

function keyTest(keys: ReadGgufOptions['keys']): (key: string) => boolean {
  if (keys === undefined) return () => true;
  if (typeof keys === 'function') return keys;
  const wanted = new Set(keys);
  return (key) => wanted.has(key);
}

/**
 * Reads the header of the GGUF file at `path`; throws `AppFailure` (model_missing / model_unreadable / model_invalid).
 */
export async function readGgufHeader(path: string, opts: ReadGgufOptions = {}): Promise<GgufHeader> {
  const size = await fileSizeOf(path);
  if (size === 0) throw invalidGguf(`not a GGUF file: ${path} is empty`, { path, fileSize: 0, reason: 'not_gguf' });
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (error) {
    throw fsFailure(error, path);
  }
  try {
    return await parseHeader(new GgufCursor(file, size, path), path, opts);
  } catch (error) {
    // Only I/O errors carry an errno code; anything else is a bug and should surface as one.
    throw error instanceof AppFailure || typeof (error as NodeJS.ErrnoException).code !== 'string'
      ? error
      : fsFailure(error, path);
  } finally {
    await file.close();
  }
}

async function parseHeader(c: GgufCursor, path: string, opts: ReadGgufOptions): Promise<GgufHeader> {
  await c.need(Math.min(c.size, 4), 'the magic');
  const magic = c.utf8(Math.min(c.size, 4));
  if (magic !== 'GGUF') {
    if (!'GGUF'.startsWith(magic))
      throw invalidGguf(`not a GGUF file (${describeMagic(magic)}): ${path}`, { path, reason: 'not_gguf' });
    await c.need(4 - magic.length, 'the magic');
  }
  await c.need(4, 'the version');
  const version = c.u32();
  if (version !== 2 && version !== 3) {
    const hint =
      version === 1
        ? ' (GGUF v1 predates August 2023; re-convert the model)'
        : version > 0xffff
          ? ' (a big-endian file?)'
          : '';
    throw invalidGguf(`unsupported GGUF version ${version}${hint}; only versions 2 and 3 are supported`, {
      path,
      version,
    });
  }
  await c.need(16, 'the tensor and metadata counts');
  const tensorCount = checkCount(c, c.u64n(), MAX_TENSOR_COUNT, 'tensors', 8);
  const kvCount = checkCount(c, c.u64n(), MAX_KV_COUNT, 'entries', 16);
  const asked = keyTest(opts.keys);
  // The data offset depends on the alignment, so it is kept whether the caller asked for it or not.
  const wanted = (key: string) => key === 'general.alignment' || asked(key);
  const budget = new KeptBudget(opts.keptBytes ?? KEPT_BYTES, path);
  const metadata = new Map<string, GgufValue>();
  const types = new Map<string, GgufType>();
  for (let i = 0; i < kvCount; i++) {
    const key = await readString(c, `the key of metadata entry ${i}`, 1 << 16);
    const type = await readType(c, key);
    if (!wanted(key)) {
      await skipValue(c, type, key, 0);
      continue;
    }
    // Only kept keys are remembered, so a duplicate among the skipped ones goes unseen (llama.cpp refuses it at load).
    if (metadata.has(key)) throw invalidGguf(`invalid GGUF: duplicate metadata key ${key}`, { path, key });
    budget.chargeEntry(key);
    const keep = opts.keepArrays === true || (Array.isArray(opts.keepArrays) && opts.keepArrays.includes(key));
    metadata.set(key, await readValue(c, type, key, keep, 0, budget));
    types.set(key, type);
  }
  const header: GgufHeader = { version, tensorCount, metadata, types, tensorInfoOffset: c.pos, fileSize: c.size };
  if (opts.tensors || opts.onTensor) {
    const tensors: GgufTensorInfo[] | undefined = opts.tensors ? [] : undefined;
    for (let i = 0; i < tensorCount; i++) {
      const tensor = await readTensorInfo(c, i);
      if (tensors) {
        budget.chargeTensor(tensor.name, tensor.dims.length);
        tensors.push(tensor);
      }
      opts.onTensor?.(tensor);
    }
    const alignment = metadata.get('general.alignment') ?? DEFAULT_ALIGNMENT;
    if (typeof alignment !== 'number' || alignment <= 0 || (alignment & (alignment - 1)) !== 0) {
      throw invalidGguf(`invalid GGUF: general.alignment must be a power of two`, {
        path,
        alignment: String(alignment),
      });
    }
    if (tensors) header.tensors = tensors;
    header.dataOffset = Math.ceil(c.pos / alignment) * alignment;
  }
  return header;
}

function describeMagic(magic: string): string {
  if (/^gg(ml|jt|mf|la)$/.test(magic) || /^(lmgg|tjgg|fmgg)$/.test(magic))
    return 'an old GGML model; convert it to GGUF';
  if (magic.startsWith('PK')) return 'a zip archive';
  return 'random bytes?';
}

async function fileSizeOf(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw fsFailure(error, path);
  }
  if (info.isDirectory())
    throw new AppFailure('model_unreadable', `${path} is a directory, not a model file`, { path, code: 'EISDIR' });
  if (!info.isFile()) throw new AppFailure('model_unreadable', `${path} is not a regular file`, { path });
  return info.size;
}

/** Maps a node:fs error to the AppFailure the user sees. */
export function fsFailure(error: unknown, path: string): AppFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new AppFailure('model_missing', `model file not found: ${path}`, { path, code });
  if (code === 'EACCES' || code === 'EPERM')
    return new AppFailure('model_unreadable', `no permission to read ${path}`, { path, code });
  if (code === 'EISDIR')
    return new AppFailure('model_unreadable', `${path} is a directory, not a model file`, { path, code });
  const message = errorText(error);
  return new AppFailure('model_unreadable', `cannot read ${path}: ${message}`, { path, code });
}
