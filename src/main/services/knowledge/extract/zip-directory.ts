// A zip's table of contents, read from its central directory without inflating
// anything: each entry's name, method, flags and the sizes it declares. A DOCX
// is a zip, and what its entries declare is checked against the caps before a
// byte is inflated. Zip64 records are read too, so a size hidden in one is seen.
// Pure: bytes in, entries out; a malformed directory throws ZipDirectoryError.

/** One entry as the central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is not read */
  method: number;
  /** general purpose flags; bit 0 means encrypted */
  flags: number;
  crc32: number;
  compressedSize: number;
  /** the size it claims once inflated: a claim, checked again while inflating */
  uncompressedSize: number;
  /** where its local header starts */
  localHeaderOffset: number;
}

export class ZipDirectoryError extends Error {}

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_SIZE = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_SIZE = 30;
const ZIP64_EXTRA_ID = 0x0001;
const MAX_COMMENT = 0xffff;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

/** The entries of the zip in `bytes`, refusing more than `maxEntries` before building them. */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfDirectory(view);
  let count = view.getUint16(eocd + 10, true);
  let size = view.getUint32(eocd + 12, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) ({ count, size, offset } = readZip64End(view, eocd));
  if (count > maxEntries) throw new ZipDirectoryError(`it lists ${count} entries; at most ${maxEntries} are read`);
  if (offset + size > eocd) throw new ZipDirectoryError('its central directory lies outside the file');

  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > offset + size || view.getUint32(at, true) !== CENTRAL_SIGNATURE)
      throw new ZipDirectoryError(`entry ${i + 1} of the central directory is damaged`);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const end = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (end > offset + size) throw new ZipDirectoryError(`entry ${i + 1} of the central directory runs past it`);
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength)),
      method: view.getUint16(at + 10, true),
      flags: view.getUint16(at + 8, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    readZip64Extra(view, at + CENTRAL_SIZE + nameLength, extraLength, entry);
    entries.push(entry);
    at = end;
  }
  return entries;
}

/**
 * Where an entry's compressed bytes start and end, from its local header (whose name and extra lengths may differ from
 * the directory's).
 */
export function entryDataRange(bytes: Uint8Array, entry: ZipEntry): { start: number; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + LOCAL_SIZE > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE)
    throw new ZipDirectoryError(`the local header of ${entry.name} is missing`);
  const start = at + LOCAL_SIZE + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipDirectoryError(`the data of ${entry.name} runs past the end of the file`);
  return { start, end };
}

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - EOCD_SIZE;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (
      view.getUint32(at, true) === EOCD_SIGNATURE &&
      at + EOCD_SIZE + view.getUint16(at + 20, true) <= view.byteLength
    )
      return at;
  }
  throw new ZipDirectoryError('it has no end of central directory (not a zip file)');
}

function readZip64End(view: DataView, eocd: number): { count: number; size: number; offset: number } {
  const locator = eocd - ZIP64_LOCATOR_SIZE;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE)
    throw new ZipDirectoryError('its zip64 end of central directory is missing');
  const record = safeNumber(view.getBigUint64(locator + 8, true));
  if (record + 56 > locator || view.getUint32(record, true) !== ZIP64_EOCD_SIGNATURE)
    throw new ZipDirectoryError('its zip64 end of central directory is damaged');
  return {
    count: safeNumber(view.getBigUint64(record + 32, true)),
    size: safeNumber(view.getBigUint64(record + 40, true)),
    offset: safeNumber(view.getBigUint64(record + 48, true)),
  };
}

/**
 * A field of 0xffffffff means the value sits in the zip64 extra field, in this order, each only if its field is so
 * marked.
 */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry): void {
  const wanted = (['uncompressedSize', 'compressedSize', 'localHeaderOffset'] as const).filter(
    (field) => entry[field] === U32_MAX,
  );
  if (wanted.length === 0) return;
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA_ID) {
      if (size < wanted.length * 8 || at + 4 + size > start + length) break;
      wanted.forEach((field, i) => (entry[field] = safeNumber(view.getBigUint64(at + 4 + i * 8, true))));
      return;
    }
    at += 4 + size;
  }
  throw new ZipDirectoryError(`${entry.name} marks its sizes as zip64 but has no zip64 field`);
}

/** A 64-bit size beyond what a double holds exactly is as good as infinite: over every cap. */
function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(value);
}
