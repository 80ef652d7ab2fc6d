// What a `.gguf` file's name and header codes say about it: the quantization
// (llama.cpp's llama_ftype numbers, or the usual `-Q4_K_M` in the name), whether
// it is a projector, and whether it is one part of a split model. Pure.

/** llama_ftype by number, named as llama-quantize takes them; gaps are types llama.cpp has since removed. */
export const FILE_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  7: 'Q8_0',
  8: 'Q5_0',
  9: 'Q5_1',
  10: 'Q2_K',
  11: 'Q3_K_S',
  12: 'Q3_K_M',
  13: 'Q3_K_L',
  14: 'Q4_K_S',
  15: 'Q4_K_M',
  16: 'Q5_K_S',
  17: 'Q5_K_M',
  18: 'Q6_K',
  19: 'IQ2_XXS',
  20: 'IQ2_XS',
  21: 'Q2_K_S',
  22: 'IQ3_XS',
  23: 'IQ3_XXS',
  24: 'IQ1_S',
  25: 'IQ4_NL',
  26: 'IQ3_S',
  27: 'IQ3_M',
  28: 'IQ2_S',
  29: 'IQ2_M',
  30: 'IQ4_XS',
  31: 'IQ1_M',
  32: 'BF16',
  36: 'TQ1_0',
  37: 'TQ2_0',
  38: 'MXFP4_MOE',
  39: 'NVFP4',
  40: 'Q1_0',
  41: 'Q2_0',
};

/** The name of a general.file_type code, or null for one this build does not know. */
export function fileTypeName(code: number): string | null {
  return FILE_TYPE_NAMES[code] ?? null;
}

// A quantization tag between separators: Q4_K_M, IQ3_XXS, Q8_0, F16, BF16, TQ1_0, MXFP4_MOE.
const QUANT_IN_NAME = /(?:^|[-_.])((?:I?Q\d(?:_[A-Z0-9]+)*)|BF16|F16|F32|TQ\d_\d|MXFP4(?:_MOE)?)(?=[-_.]|$)/gi;

/** The quantization the file name states (the last tag wins: `x-Q8_0-Q4_K_M` is Q4_K_M), '' when none. */
export function quantizationFromName(fileName: string): string {
  const stem = splitPartOf(fileName)?.stem ?? fileName.replace(/\.gguf$/i, '');
  let found = '';
  for (const match of stem.matchAll(QUANT_IN_NAME)) found = (match[1] ?? '').toUpperCase();
  return found;
}

/** A projector by its name: llama.cpp's convention is `mmproj-…gguf` (or `…-mmproj-…`). */
export function isProjectorName(fileName: string): boolean {
  return /(^|[-_.])mmproj([-_.]|$)/i.test(fileName);
}

/** `name-00002-of-00003.gguf` → part 2 of 3, with the shared stem `name`; null for a single-file model. */
export function splitPartOf(fileName: string): { stem: string; part: number; of: number } | null {
  const match = /^(.*)-(\d{5})-of-(\d{5})\.gguf$/i.exec(fileName);
  if (!match) return null;
  const part = Number(match[2]);
  const of = Number(match[3]);
  return part >= 1 && of >= part ? { stem: match[1] ?? '', part, of } : null;
}

/** The file name of part `part` of the split model whose first part is `first`. */
export function splitPartName(first: string, part: number, of: number): string {
  const split = splitPartOf(first);
  const stem = split ? split.stem : first.replace(/\.gguf$/i, '');
  return `${stem}-${String(part).padStart(5, '0')}-of-${String(of).padStart(5, '0')}.gguf`;
}

/** A name a model may be stored under: `.gguf`, no path separators, no leading dot, nothing odd. */
export function checkModelFileName(name: string): { ok: true } | { ok: false; reason: string } {
  if (!/\.gguf$/i.test(name))
    return { ok: false, reason: `"${name}" is not a .gguf file; only GGUF models can be added.` };
  if (/[/\\]/.test(name) || name === '.gguf' || name.startsWith('.'))
    return { ok: false, reason: `"${name}" is not a plain file name.` };
  // Control characters and the characters Windows forbids in names.
  if ([...name].some((ch) => ch.charCodeAt(0) < 0x20) || /[<>:"|?*]/.test(name) || name.length > 255)
    return { ok: false, reason: `"${name}" has characters a file name cannot have.` };
  return { ok: true };
}
