import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedZip } from '@test-support/knowledge/hostile-documents';
import { writeStoredZip } from './stored-zip';
import { entryDataRange, readZipDirectory, ZipDirectoryError } from './zip-directory';

const text = (value: string) => Buffer.from(value, 'utf8');

/** One entry whose 32-bit sizes are 0xffffffff and whose zip64 extra field declares `size`. */
function zip64Entry(size: bigint): Buffer {
  const name = text('word/document.xml');
  const extra = Buffer.alloc(4 + 16);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(16, 2);
  extra.writeBigUInt64LE(size, 4);
  extra.writeBigUInt64LE(10n, 12);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0xffffffff, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt16LE(extra.length, 30);
  const body = Buffer.concat([local, name, Buffer.alloc(10)]);
  const directory = Buffer.concat([central, name, extra]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, directory, end]);
}

describe('readZipDirectory: what a zip declares, without inflating it', () => {
  it('lists every entry with the sizes it declares, and finds its data', () => {
    const zip = deflatedZip([
      { name: 'a.xml', data: text('<a/>'.repeat(1000)) },
      { name: 'word/b.xml', data: text('hello') },
    ]);
    const entries = readZipDirectory(zip, 100);
    expect(entries.map((e) => [e.name, e.method, e.uncompressedSize])).toEqual([
      ['a.xml', 8, 4000],
      ['word/b.xml', 8, 5],
    ]);
    const { start, end } = entryDataRange(zip, entries[1]!);
    expect(inflateRawSync(zip.subarray(start, end)).toString()).toBe('hello');
  });

  it('reports the size a lying header claims, not the true one (the inflater enforces it)', () => {
    const zip = deflatedZip([{ name: 'word/document.xml', data: Buffer.alloc(1_000_000, 0x41), declaredSize: 100 }]);
    expect(readZipDirectory(zip, 10)[0]!.uncompressedSize).toBe(100);
  });

  it('reads a size hidden in a zip64 extra field', () => {
    expect(readZipDirectory(zip64Entry(5n * 2n ** 30n), 10)[0]).toMatchObject({
      uncompressedSize: 5 * 2 ** 30,
      compressedSize: 10,
    });
    expect(readZipDirectory(zip64Entry(2n ** 63n), 10)[0]!.uncompressedSize).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses more entries than the cap before building any', () => {
    const zip = deflatedZip(Array.from({ length: 20 }, (_, i) => ({ name: `p${i}.xml`, data: text('x') })));
    expect(() => readZipDirectory(zip, 19)).toThrow(/20 entries; at most 19/);
  });

  it('refuses what is not a zip, and a directory that points outside the file', () => {
    expect(() => readZipDirectory(text('PK\u0003\u0004 not really a zip'), 10)).toThrow(ZipDirectoryError);
    const zip = deflatedZip([{ name: 'a.xml', data: text('x') }]);
    zip.writeUInt32LE(zip.length, zip.length - 6);
    expect(() => readZipDirectory(zip, 10)).toThrow(/outside the file/);
  });
});

describe('writeStoredZip', () => {
  it('writes a zip whose directory reads back with each part stored as is', () => {
    const parts = new Map([
      ['[Content_Types].xml', text('<Types/>')],
      ['word/document.xml', text('<w:document>ünïcode</w:document>')],
    ]);
    const zip = writeStoredZip(parts);
    const entries = readZipDirectory(zip, 10);
    expect(entries.map((e) => [e.name, e.method, e.uncompressedSize])).toEqual(
      [...parts].map(([name, data]) => [name, 0, data.length]),
    );
    const { start, end } = entryDataRange(zip, entries[1]!);
    expect(zip.subarray(start, end).toString('utf8')).toBe('<w:document>ünïcode</w:document>');
  });
});
