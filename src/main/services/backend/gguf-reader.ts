// Reads the header of a GGUF file (llama.cpp's model format) without touching the
// multi-GB tensor data: the file is read in chunks through a FileHandle, and large
// arrays (a 32k-token vocabulary) are skipped by their lengths instead of decoded.
// Every length and count is checked against a sane limit and the bytes that remain,
// so a hostile or truncated file fails fast with `model_invalid` instead of
// allocating gigabytes or hanging.
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ModelFacts } from '@shared/contract';
import { AppFailure } from '@shared/errors';

/** GGUF value type codes, as in ggml's gguf.h. */
export const GgufType = {
  UINT8: 0,
  INT8: 1,
  UINT16: 2,
  INT16: 3,
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  UINT64: 10,
  INT64: 11,
  FLOAT64: 12,
} as const;
export type GgufType = (typeof GgufType)[keyof typeof GgufType];

/** An array value: its element type and length, plus the elements when they were kept. */
export interface GgufArray {
  type: GgufType;
  length: number;
  values?: GgufValue[];
}
/** A metadata value; 64-bit integers are bigints so no value is ever rounded. */
export type GgufValue = number | bigint | boolean | string | GgufArray;

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
  tensorCount: number;
  metadata: Map<string, GgufValue>;
  /** the declared type of each metadata value */
  types: Map<string, GgufType>;
  /** byte offset where the tensor infos start (right after the metadata) */
  tensorInfoOffset: number;
  fileSize: number;
  /** only with `opts.tensors` */
  tensors?: GgufTensorInfo[];
  /** only with `opts.tensors`: where the tensor data starts, aligned */
  dataOffset?: number;
}

export interface ReadGgufOptions {
  /** decode array elements into `values` (slow for vocabularies; off by default) */
  keepArrays?: boolean;
  /** also read the tensor infos */
  tensors?: boolean;
}

const CHUNK_BYTES = 1 << 20;
// Far above anything real (chat templates are tens of KB), far below "allocate GBs".
const MAX_STRING_BYTES = 32 << 20;
const MAX_KV_COUNT = 1 << 20;
const MAX_TENSOR_COUNT = 1 << 24;
const MAX_ARRAY_DEPTH = 8;
const GGML_MAX_DIMS = 4;
const DEFAULT_ALIGNMENT = 32;

// Bytes each element takes; 0 marks variable-size types (string, array).
const ELEMENT_BYTES: readonly number[] = [1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8];
// The least an element can take, used to reject absurd array lengths before reading them.
const MIN_ELEMENT_BYTES: readonly number[] = [1, 1, 2, 2, 4, 4, 4, 1, 8, 12, 8, 8, 8];

const invalid = (message: string, details: Record<string, unknown>) => new AppFailure('model_invalid', message, details);

/** Chunked little-endian cursor over a file; `need` is the only place that does I/O. */
class Cursor {
  pos = 0;
  private buf: Buffer;
  private bufStart = 0;
  private bufLen = 0;

  constructor(
    private readonly file: FileHandle,
    readonly size: number,
    readonly path: string,
  ) {
    this.buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size));
  }

  truncated(needed: number, what: string): AppFailure {
    return invalid(`truncated GGUF: header ends at byte ${this.size} of at least ${needed} (reading ${what})`, {
      path: this.path,
      fileSize: this.size,
      needed,
      reading: what,
    });
  }

  has(n: number): boolean {
    return this.pos >= this.bufStart && this.pos + n <= this.bufStart + this.bufLen;
  }

  /** Makes `n` bytes at `pos` available; callers check `has` first so the hot path stays synchronous. */
  async need(n: number, what: string): Promise<void> {
    if (this.has(n)) return;
    if (this.pos + n > this.size) {
      throw this.truncated(this.pos + n, what);
    }
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(n);
    const want = Math.min(this.buf.length, this.size - this.pos);
    let got = 0;
    while (got < want) {
      const { bytesRead } = await this.file.read(this.buf, got, want - got, this.pos + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    if (got < n) {
      throw invalid(`truncated GGUF: the file shrank while reading ${what}`, { path: this.path, needed: this.pos + n });
    }
    this.bufStart = this.pos;
    this.bufLen = got;
  }

  /** Moves past `n` bytes without reading them. */
  skip(n: number, what: string): void {
    if (this.pos + n > this.size) {
      throw this.truncated(this.pos + n, what);
    }
    this.pos += n;
  }

  /**
   * Skips up to `count` length-prefixed strings that start inside the buffer and returns
   * how many it skipped. A vocabulary is 32k of them, so this is one tight synchronous
   * loop rather than an await per string.
   */
  skipStrings(count: number, what: string): number {
    const buf = this.buf;
    const base = this.bufStart;
    const end = this.bufLen;
    let offset = this.pos - base;
    let skipped = 0;
    // Plain byte reads: this loop runs cold (interpreted) on the first model a user opens.
    while (skipped < count && offset + 8 <= end) {
      const low = (buf[offset]! | (buf[offset + 1]! << 8) | (buf[offset + 2]! << 16)) + buf[offset + 3]! * 0x100_0000;
      const high = buf[offset + 4]! | buf[offset + 5]! | buf[offset + 6]! | buf[offset + 7]!;
      if (high !== 0 || low > MAX_STRING_BYTES) {
        const length = low + buf.readUInt32LE(offset + 4) * 0x1_0000_0000;
        throw invalid(`invalid GGUF: a string in ${what} at byte ${base + offset} declares ${length} bytes`, { path: this.path, at: base + offset, length });
      }
      offset += 8 + low;
      skipped++;
    }
    this.skip(base + offset - this.pos, what);
    return skipped;
  }

  private at(n: number): number {
    const offset = this.pos - this.bufStart;
    this.pos += n;
    return offset;
  }

  u8 = () => this.buf.readUInt8(this.at(1));
  i8 = () => this.buf.readInt8(this.at(1));
  u16 = () => this.buf.readUInt16LE(this.at(2));
  i16 = () => this.buf.readInt16LE(this.at(2));
  u32 = () => this.buf.readUInt32LE(this.at(4));
  i32 = () => this.buf.readInt32LE(this.at(4));
  f32 = () => this.buf.readFloatLE(this.at(4));
  f64 = () => this.buf.readDoubleLE(this.at(8));
  u64 = () => this.buf.readBigUInt64LE(this.at(8));
  i64 = () => this.buf.readBigInt64LE(this.at(8));
  /** A u64 length or count as a number; values past 2^53 lose precision but are rejected by the callers' limits anyway. */
  u64n = () => {
    const offset = this.at(8);
    return this.buf.readUInt32LE(offset) + this.buf.readUInt32LE(offset + 4) * 0x1_0000_0000;
  };
  utf8 = (n: number) => {
    const offset = this.at(n);
    return this.buf.toString('utf8', offset, offset + n);
  };
}

async function readString(c: Cursor, what: string, limit = MAX_STRING_BYTES): Promise<string> {
  if (!c.has(8)) await c.need(8, what);
  const at = c.pos;
  const length = c.u64n();
  if (length > limit) {
    throw invalid(`invalid GGUF: ${what} at byte ${at} declares ${length} bytes (limit ${limit})`, { path: c.path, at, length });
  }
  if (!c.has(length)) await c.need(length, what);
  return c.utf8(length);
}

async function readScalar(c: Cursor, type: GgufType, what: string): Promise<number | bigint | boolean> {
  const size = ELEMENT_BYTES[type] ?? 0;
  if (!c.has(size)) await c.need(size, what);
  switch (type) {
    case GgufType.UINT8: return c.u8();
    case GgufType.INT8: return c.i8();
    case GgufType.UINT16: return c.u16();
    case GgufType.INT16: return c.i16();
    case GgufType.UINT32: return c.u32();
    case GgufType.INT32: return c.i32();
    case GgufType.FLOAT32: return c.f32();
    case GgufType.BOOL: return c.u8() !== 0;
    case GgufType.UINT64: return c.u64();
    case GgufType.INT64: return c.i64();
    case GgufType.FLOAT64: return c.f64();
    default: throw new Error(`not a scalar GGUF type: ${type}`);
  }
}

async function readType(c: Cursor, what: string): Promise<GgufType> {
  if (!c.has(4)) await c.need(4, what);
  const at = c.pos;
  const type = c.u32();
  if (type > GgufType.FLOAT64) throw invalid(`invalid GGUF: unknown value type ${type} at byte ${at} (${what})`, { path: c.path, at, type });
  return type as GgufType;
}

async function readValue(c: Cursor, type: GgufType, what: string, keepArrays: boolean, depth: number): Promise<GgufValue> {
  if (type === GgufType.STRING) return readString(c, what);
  if (type !== GgufType.ARRAY) return readScalar(c, type, what);
  if (depth >= MAX_ARRAY_DEPTH) throw invalid(`invalid GGUF: arrays nested deeper than ${MAX_ARRAY_DEPTH} (${what})`, { path: c.path, at: c.pos });
  const itemType = await readType(c, what);
  if (!c.has(8)) await c.need(8, what);
  const length = c.u64n();
  // Even the smallest elements must fit in what is left of the file.
  if (length * (MIN_ELEMENT_BYTES[itemType] ?? 1) > c.size - c.pos) {
    throw invalid(`truncated GGUF: ${what} declares ${length} elements but only ${c.size - c.pos} bytes follow`, {
      path: c.path,
      at: c.pos,
      length,
    });
  }
  if (keepArrays) {
    const values: GgufValue[] = [];
    for (let i = 0; i < length; i++) values.push(await readValue(c, itemType, what, true, depth + 1));
    return { type: itemType, length, values };
  }
  await skipArray(c, itemType, length, what, depth + 1);
  return { type: itemType, length };
}

async function skipArray(c: Cursor, itemType: GgufType, length: number, what: string, depth: number): Promise<void> {
  const size = ELEMENT_BYTES[itemType] ?? 0;
  if (size > 0) return c.skip(size * length, what);
  let left = length;
  while (left > 0) {
    if (itemType === GgufType.STRING) {
      if (!c.has(8)) await c.need(8, what);
      left -= c.skipStrings(left, what);
    } else {
      await readValue(c, GgufType.ARRAY, what, false, depth);
      left--;
    }
  }
}

async function readTensorInfo(c: Cursor, index: number): Promise<GgufTensorInfo> {
  const name = await readString(c, `the name of tensor ${index}`, 1 << 16);
  const what = `tensor ${name}`;
  if (!c.has(4)) await c.need(4, what);
  const nDims = c.u32();
  if (nDims > GGML_MAX_DIMS) throw invalid(`invalid GGUF: ${what} has ${nDims} dimensions (at most ${GGML_MAX_DIMS})`, { path: c.path, name, nDims });
  const bytes = nDims * 8 + 4 + 8;
  if (!c.has(bytes)) await c.need(bytes, what);
  const dims: number[] = [];
  for (let i = 0; i < nDims; i++) dims.push(c.u64n());
  const type = c.u32();
  const offset = c.u64n();
  if (!dims.every(Number.isSafeInteger) || !Number.isSafeInteger(offset)) {
    throw invalid(`invalid GGUF: ${what} has absurd dimensions or offset`, { path: c.path, name, dims, offset });
  }
  return { name, dims, type, offset };
}

function checkCount(c: Cursor, count: number, limit: number, what: string, at: number): number {
  if (count > limit) throw invalid(`invalid GGUF: declares ${count} ${what} at byte ${at} (limit ${limit})`, { path: c.path, at, count });
  return count;
}

/** Reads the header of the GGUF file at `path`; throws `AppFailure` (model_missing / model_unreadable / model_invalid). */
export async function readGgufHeader(path: string, opts: ReadGgufOptions = {}): Promise<GgufHeader> {
  const size = await fileSizeOf(path);
  if (size === 0) throw invalid(`not a GGUF file: ${path} is empty`, { path, fileSize: 0 });
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (error) {
    throw fsFailure(error, path);
  }
  try {
    return await parseHeader(new Cursor(file, size, path), path, opts);
  } catch (error) {
    // Only I/O errors carry an errno code; anything else is a bug and should surface as one.
    throw error instanceof AppFailure || typeof (error as NodeJS.ErrnoException).code !== 'string' ? error : fsFailure(error, path);
  } finally {
    await file.close();
  }
}

async function parseHeader(c: Cursor, path: string, opts: ReadGgufOptions): Promise<GgufHeader> {
  await c.need(Math.min(c.size, 4), 'the magic');
  const magic = c.utf8(Math.min(c.size, 4));
  if (magic !== 'GGUF') {
    if (!'GGUF'.startsWith(magic)) throw invalid(`not a GGUF file (${describeMagic(magic)}): ${path}`, { path });
    await c.need(4 - magic.length, 'the magic');
  }
  await c.need(4, 'the version');
  const version = c.u32();
  if (version !== 2 && version !== 3) {
    const hint = version === 1 ? ' (GGUF v1 predates August 2023; re-convert the model)' : version > 0xffff ? ' (a big-endian file?)' : '';
    throw invalid(`unsupported GGUF version ${version}${hint}; only versions 2 and 3 are supported`, { path, version });
  }
  await c.need(16, 'the tensor and metadata counts');
  const tensorCount = checkCount(c, c.u64n(), MAX_TENSOR_COUNT, 'tensors', 8);
  const kvCount = checkCount(c, c.u64n(), MAX_KV_COUNT, 'metadata entries', 16);
  const metadata = new Map<string, GgufValue>();
  const types = new Map<string, GgufType>();
  for (let i = 0; i < kvCount; i++) {
    const key = await readString(c, `the key of metadata entry ${i}`, 1 << 16);
    if (metadata.has(key)) throw invalid(`invalid GGUF: duplicate metadata key ${key}`, { path, key });
    const type = await readType(c, key);
    metadata.set(key, await readValue(c, type, key, opts.keepArrays === true, 0));
    types.set(key, type);
  }
  const header: GgufHeader = { version, tensorCount, metadata, types, tensorInfoOffset: c.pos, fileSize: c.size };
  if (opts.tensors) {
    const tensors: GgufTensorInfo[] = [];
    for (let i = 0; i < tensorCount; i++) tensors.push(await readTensorInfo(c, i));
    const alignment = metadata.get('general.alignment') ?? DEFAULT_ALIGNMENT;
    if (typeof alignment !== 'number' || alignment <= 0 || (alignment & (alignment - 1)) !== 0) {
      throw invalid(`invalid GGUF: general.alignment must be a power of two`, { path, alignment: String(alignment) });
    }
    header.tensors = tensors;
    header.dataOffset = Math.ceil(c.pos / alignment) * alignment;
  }
  return header;
}

function describeMagic(magic: string): string {
  if (/^gg(ml|jt|mf|la)$/.test(magic) || /^(lmgg|tjgg|fmgg)$/.test(magic)) return 'an old GGML model; convert it to GGUF';
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
  if (info.isDirectory()) throw new AppFailure('model_unreadable', `${path} is a directory, not a model file`, { path, code: 'EISDIR' });
  if (!info.isFile()) throw new AppFailure('model_unreadable', `${path} is not a regular file`, { path });
  return info.size;
}

/** Maps a node:fs error to the AppFailure the user sees. */
export function fsFailure(error: unknown, path: string): AppFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new AppFailure('model_missing', `model file not found: ${path}`, { path, code });
  if (code === 'EACCES' || code === 'EPERM') return new AppFailure('model_unreadable', `no permission to read ${path}`, { path, code });
  if (code === 'EISDIR') return new AppFailure('model_unreadable', `${path} is a directory, not a model file`, { path, code });
  const message = error instanceof Error ? error.message : String(error);
  return new AppFailure('model_unreadable', `cannot read ${path}: ${message}`, { path, code });
}

async function mmprojFileSize(path: string): Promise<number> {
  const header = await readGgufHeader(path, { tensors: true });
  assertTensorsStartInFile(header, path);
  return header.fileSize;
}

/** A partial download keeps a valid header, so look at where the tensors start: the last ones lie past the end. */
function assertTensorsStartInFile(header: GgufHeader, path: string): void {
  for (const tensor of header.tensors ?? []) {
    const start = (header.dataOffset ?? 0) + tensor.offset;
    if (start >= header.fileSize) {
      throw invalid(`truncated GGUF: tensor ${tensor.name} starts at byte ${start} but the file ends at byte ${header.fileSize} (an incomplete download?)`, {
        path,
        tensor: tensor.name,
        fileSize: header.fileSize,
      });
    }
  }
}

function countOf(header: GgufHeader, key: string, path: string, required: boolean): number {
  const value = header.metadata.get(key);
  if (value === undefined && !required) return 0;
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw invalid(`invalid GGUF: ${value === undefined ? 'missing' : 'bad'} ${key}`, { path, key });
  }
  return n;
}

/** The facts the app shows and plans with, read from the model's (and the optional mmproj's) header. */
export async function readModelFacts(path: string, mmprojPath?: string): Promise<ModelFacts> {
  const header = await readGgufHeader(path, { tensors: true });
  assertTensorsStartInFile(header, path);
  const architecture = header.metadata.get('general.architecture');
  if (typeof architecture !== 'string' || architecture === '') {
    throw invalid(`invalid GGUF: no general.architecture in ${path}`, { path });
  }
  const name = header.metadata.get('general.name');
  const mmprojSize = mmprojPath ? await mmprojFileSize(mmprojPath) : 0;
  return {
    path,
    name: typeof name === 'string' && name.trim() !== '' ? name : basename(path).replace(/\.gguf$/i, ''),
    architecture,
    nLayer: countOf(header, `${architecture}.block_count`, path, true),
    contextLength: countOf(header, `${architecture}.context_length`, path, false),
    embeddingLength: countOf(header, `${architecture}.embedding_length`, path, false),
    fileSize: header.fileSize,
    mmprojSize,
    hasChatTemplate: typeof header.metadata.get('tokenizer.chat_template') === 'string',
  };
}
