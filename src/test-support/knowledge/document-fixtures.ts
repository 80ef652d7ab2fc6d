// Real documents of every type the knowledge base reads, generated at test time:
// PDFs with pdf-lib, a DOCX with docx, and the bad ones (an encrypted PDF, a
// damaged one, a binary file, an empty file, a 200 MB sparse file).
import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A PDF with one page per entry of `pages`, each line of a page drawn as a text line. */
export async function makePdf(path: string, pages: readonly string[]): Promise<void> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([595, 842]);
    text.split('\n').forEach((line, index) => page.drawText(line, { x: 40, y: 800 - index * 16, size: 11, font }));
  }
  await writeFile(path, await doc.save());
}

/**
 * A PDF protected by a user password (standard security handler, revision 2).
 * Its /U entry matches no password, so a reader that tries the empty password
 * (as PDF.js does) must ask for one, which is what an encrypted file looks like.
 */
export async function makeEncryptedPdf(path: string): Promise<void> {
  const hex = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ((i * 37 + seed) & 0xff).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 7)}> /U <${hex(32, 11)}> /P -4 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex(16, 3)}> <${hex(16, 3)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  await writeFile(path, body, 'latin1');
}

/** A DOCX with one paragraph per entry. */
export async function makeDocx(path: string, paragraphs: readonly string[]): Promise<void> {
  const { Document, Packer, Paragraph } = await import('docx');
  const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  await writeFile(path, await Packer.toBuffer(doc));
}

/** A file of `bytes` bytes that takes no disk space (a hole). */
export async function makeSparseFile(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.truncate(bytes);
    await handle.write('x', bytes - 1);
  } finally {
    await handle.close();
  }
}

/** Paragraphs of distinct words, so each passage has keywords of its own. */
export function prose(paragraphs: number, seed = 1): string {
  const words = [
    'alpha',
    'bravo',
    'cedar',
    'delta',
    'ember',
    'fjord',
    'garnet',
    'harbor',
    'indigo',
    'juniper',
    'kelvin',
    'lantern',
    'meadow',
    'nectar',
    'orbit',
    'prism',
  ];
  const out: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const sentence = Array.from({ length: 40 }, (_, i) => words[(p * 7 + i * 3 + seed) % words.length]).join(' ');
    out.push(`Section ${p + 1} (${seed}): ${sentence}.`);
  }
  return out.join('\n\n');
}

/** A folder with one good file of every type and the bad ones; returns their paths. */
export async function makeDocumentFolder(root: string) {
  await mkdir(join(root, 'docs', 'nested'), { recursive: true });
  const at = (name: string) => join(root, 'docs', name);
  const files = {
    text: at('notes.txt'),
    markdown: at('guide.md'),
    code: at('nested/tool.py'),
    html: at('page.html'),
    pdf: at('report.pdf'),
    docx: at('letter.docx'),
  };
  await writeFile(files.text, `Plain notes about the zebracorn migration.\n${prose(3, 2)}\n`);
  await writeFile(files.markdown, `# Guide\n\nThe quokkafish lives in the reef.\n\n${prose(2, 3)}\n`);
  await writeFile(files.code, 'def wombatize(x):\n    """Return the wombat score."""\n    return x * 42\n');
  await writeFile(
    files.html,
    '<html><head><style>p{}</style><script>var secret=1</script></head><body><h1>Page</h1><p>The narwhalberry harvest starts in May.</p></body></html>',
  );
  await makePdf(files.pdf, ['Page one talks about the axolotl budget.', 'Page two covers the pangolin schedule.']);
  await makeDocx(files.docx, ['Dear reader,', 'The capybara contract is signed.']);
  return files;
}
