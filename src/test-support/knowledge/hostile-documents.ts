// Documents made to exhaust a reader, generated at test time: a DOCX zip bomb
// (a valid zip whose word/document.xml inflates a thousandfold), the same bomb
// with headers that understate its size, and a PDF whose one page is a small
// Flate stream that inflates to tens of MB of text operators.
import { writeFile } from 'node:fs/promises';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

const MB = 1024 * 1024;

interface ZipPart {
  name: string;
  data: Buffer;
  /** the uncompressed size the headers claim; default the true one */
  declaredSize?: number;
}

/** A zip of deflated entries, written field by field so that its headers can lie. */
export function deflatedZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const packed = deflateRawSync(part.data, { level: 9 });
    const size = part.declaredSize ?? part.data.length;
    const crc = crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** word/document.xml of `bytes` bytes (about) of short paragraphs. */
export function documentXml(bytes: number, paragraph = 'A paragraph of the zip bomb, again and again.'): Buffer {
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const tail = '</w:body></w:document>';
  const one = `<w:p><w:r><w:t>${paragraph}</w:t></w:r></w:p>`;
  const count = Math.max(1, Math.floor((bytes - head.length - tail.length) / one.length));
  return Buffer.from(head + one.repeat(count) + tail, 'utf8');
}

/**
 * A valid DOCX whose word/document.xml is `documentBytes` of paragraphs; `declaredBytes` makes its headers claim
 * another size.
 */
export async function makeZipBombDocx(
  path: string,
  { documentBytes = 20 * MB, declaredBytes }: { documentBytes?: number; declaredBytes?: number } = {},
): Promise<number> {
  const zip = deflatedZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'word/document.xml', data: documentXml(documentBytes), declaredSize: declaredBytes },
  ]);
  await writeFile(path, zip);
  return zip.length;
}

/** A one-page PDF whose content stream inflates to `streamBytes` of text-showing operators. */
export async function makeFlateBombPdf(
  path: string,
  { streamBytes = 20 * MB }: { streamBytes?: number } = {},
): Promise<number> {
  // Each line is set at the same place on the page, so a reader cannot skip it as off the page.
  const line = '1 0 0 1 40 400 Tm (The flate bomb says the same words over and over, line after line.) Tj\n';
  const content = Buffer.from(`BT /F1 10 Tf\n${line.repeat(Math.ceil(streamBytes / line.length))}ET\n`, 'latin1');
  const packed = deflateSync(content, { level: 9 });
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`),
      packed,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    const framed = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    offsets.push(length);
    chunks.push(framed);
    length += framed.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  chunks.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`),
  );
  const pdf = Buffer.concat(chunks);
  await writeFile(path, pdf);
  return pdf.length;
}
