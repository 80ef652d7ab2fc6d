// The XML parts of a DOCX, inflated within the caps. What the central directory
// declares is checked first, so a zip bomb is refused before a byte of it is
// inflated; then each part is inflated with its declared size as a hard limit,
// so a zip whose headers lie is refused as soon as it outgrows them. Images and
// other binary parts are never inflated: the text reader does not open them.
import { crc32, inflateRawSync } from 'node:zlib';
import { ExtractFailure } from './extract-failure';
import type { ExtractLimits } from './extract-limits';
import { entryDataRange, readZipDirectory, ZipDirectoryError, type ZipEntry } from './zip-directory';

const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;
const MB = 1024 * 1024;

/** The parts mammoth reads for text: the XML documents and their relationship files. */
export function isTextPart(name: string): boolean {
  return /\.(xml|rels)$/i.test(name);
}

/** The DOCX's XML parts by name, each inflated and checked against its declared size and CRC. */
export function unpackDocxParts(bytes: Uint8Array, path: string, limits: ExtractLimits): Map<string, Buffer> {
  const parts = declaredParts(bytes, path, limits);
  const out = new Map<string, Buffer>();
  for (const entry of parts) out.set(entry.name, inflateEntry(bytes, entry, path));
  return out;
}

function declaredParts(bytes: Uint8Array, path: string, limits: ExtractLimits): ZipEntry[] {
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes, limits.maxZipEntries);
  } catch (error) {
    if (error instanceof ZipDirectoryError)
      throw new ExtractFailure('corrupt_file', `${path} is not a readable DOCX: ${error.message}`);
    throw error;
  }
  const parts = entries.filter((entry) => isTextPart(entry.name));
  const names = new Set<string>();
  let total = 0;
  for (const entry of parts) {
    if (names.has(entry.name))
      throw new ExtractFailure(
        'corrupt_file',
        `${path} is not a readable DOCX: it holds two parts named ${entry.name}`,
      );
    names.add(entry.name);
    if (entry.uncompressedSize > limits.maxPartBytes)
      throw tooLarge(
        path,
        `its part ${entry.name} unpacks to ${mb(entry.uncompressedSize)}; one part may be ${mb(limits.maxPartBytes)}`,
      );
    total += entry.uncompressedSize;
    if (total > limits.maxUnpackedBytes)
      throw tooLarge(path, `its parts unpack to more than ${mb(limits.maxUnpackedBytes)}`);
  }
  return parts;
}

function inflateEntry(bytes: Uint8Array, entry: ZipEntry, path: string): Buffer {
  if (entry.flags & ENCRYPTED_FLAG)
    throw new ExtractFailure('corrupt_file', `${path} is not a readable DOCX: its part ${entry.name} is encrypted`);
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw new ExtractFailure(
      'corrupt_file',
      `${path} is not a readable DOCX: its part ${entry.name} uses compression method ${entry.method}`,
    );
  let data: Buffer;
  try {
    const { start, end } = entryDataRange(bytes, entry);
    const raw = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
    // The declared size is the limit: inflating stops the moment the output would pass it.
    data =
      entry.method === STORED ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw tooLarge(path, `its part ${entry.name} unpacks to more than the ${mb(entry.uncompressedSize)} it declares`);
    throw new ExtractFailure(
      'corrupt_file',
      `${path} is not a readable DOCX: its part ${entry.name} cannot be unpacked: ${(error as Error).message}`,
    );
  }
  if (data.length !== entry.uncompressedSize)
    throw new ExtractFailure(
      'corrupt_file',
      `${path} is not a readable DOCX: its part ${entry.name} is ${data.length} bytes, not the ${entry.uncompressedSize} it declares`,
    );
  if (crc32(data) !== entry.crc32)
    throw new ExtractFailure('corrupt_file', `${path} is not a readable DOCX: its part ${entry.name} is damaged (CRC)`);
  return data;
}

function tooLarge(path: string, why: string): ExtractFailure {
  return new ExtractFailure('content_too_large', `${path} was not read: ${why}`);
}

function mb(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${bytes} bytes`;
}
