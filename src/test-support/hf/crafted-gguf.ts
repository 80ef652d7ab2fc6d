// Hostile GGUF files, written byte by byte rather than with the fixture writer: a
// header whose strings are tens of MB (invalid UTF-8, or zeros left as holes so a GB
// costs no disk), and one that declares millions of tensor infos. Zero bytes are
// valid tensor infos (an empty name, no dimensions, type F32, offset 0), so a hole
// stands for as many of them as it is long without writing a byte.
import { open } from 'node:fs/promises';
import { GgufType } from '@main/services/backend/gguf/gguf-values';

/** Bytes to write, or a run of zero bytes left unwritten (a hole in a sparse file). */
export type CraftedPart = Buffer | { zeros: number };

/** The bytes of one zero-filled tensor info: u64 name length, u32 dims, u32 type, u64 offset. */
export const ZERO_TENSOR_INFO_BYTES = 24;

function u32(n: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(n);
  return bytes;
}

function u64(n: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(n));
  return bytes;
}

/** A GGUF string: its u64 length, then the bytes (zeros for a number). */
export function ggufString(value: string | Buffer | number): CraftedPart[] {
  if (typeof value === 'number') return [u64(value), { zeros: value }];
  const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
  return [u64(bytes.length), bytes];
}

/** One metadata entry whose value is a string. */
export const stringEntry = (key: string, value: string | Buffer | number): CraftedPart[] => [
  ...ggufString(key),
  u32(GgufType.STRING),
  ...ggufString(value),
];

/** The fixed start of a v3 header. */
export const ggufStart = (tensorCount: number, entryCount: number): CraftedPart[] => [
  Buffer.from('GGUF'),
  u32(3),
  u64(tensorCount),
  u64(entryCount),
];

/** Writes the parts to `path` (holes stay holes); returns the file's size. */
export async function writeCrafted(path: string, parts: Iterable<CraftedPart>): Promise<number> {
  const file = await open(path, 'w');
  let at = 0;
  try {
    for (const part of parts) {
      if (Buffer.isBuffer(part)) {
        await file.write(part, 0, part.length, at);
        at += part.length;
      } else at += part.zeros;
    }
    await file.truncate(at);
  } finally {
    await file.close();
  }
  return at;
}

/**
 * A llama header whose general.name is `nameBytes` of 0xff (invalid UTF-8: two bytes of
 * JS heap each once decoded) and `holes` more keys of `holeBytes` zeros each.
 */
export function hugeStringsGguf(options: { nameBytes: number; holes: number; holeBytes: number }): CraftedPart[] {
  return [
    ...ggufStart(0, 2 + options.holes),
    ...stringEntry('general.architecture', 'llama'),
    ...stringEntry('general.name', Buffer.alloc(options.nameBytes, 0xff)),
    ...Array.from({ length: options.holes }, (_, i) => stringEntry(`junk.${i}`, options.holeBytes)).flat(),
  ];
}

/** A llama header declaring `declared` tensors, followed by `present` zero tensor infos (a hole). */
export function manyTensorsGguf(options: { declared: number; present?: number }): CraftedPart[] {
  return [
    ...ggufStart(options.declared, 1),
    ...stringEntry('general.architecture', 'llama'),
    { zeros: (options.present ?? options.declared) * ZERO_TENSOR_INFO_BYTES },
  ];
}

/**
 * `count` real tensor infos named `blk.<i>.ffn_down.weight`, 2-D F32, whose data would start
 * `offset` bytes in (past the end of any such file), in blocks of about 1 MB so that
 * writing a few hundred MB of them costs no more memory than a block.
 */
export function* namedTensorInfos(count: number, offset: number): Generator<CraftedPart> {
  const block: Buffer[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const name = Buffer.from(`blk.${i}.ffn_down.weight`);
    const info = Buffer.alloc(8 + name.length + 4 + 16 + 4 + 8);
    let at = info.writeBigUInt64LE(BigInt(name.length));
    at += name.copy(info, at);
    at = info.writeUInt32LE(2, at);
    at = info.writeBigUInt64LE(4096n, at);
    at = info.writeBigUInt64LE(4096n, at);
    at = info.writeUInt32LE(0, at);
    info.writeBigUInt64LE(BigInt(offset), at);
    block.push(info);
    bytes += info.length;
    if (bytes >= 1 << 20) {
      yield Buffer.concat(block.splice(0));
      bytes = 0;
    }
  }
  if (block.length > 0) yield Buffer.concat(block);
}
