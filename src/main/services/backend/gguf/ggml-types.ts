// ggml's tensor types as a GGUF header numbers them (ggml/include/ggml.h), with
// the block layout that gives a row's size in bytes (ggml.c's type_traits), and
// llama.cpp's file types (include/llama.h's LLAMA_FTYPE_*) by number. Pure data:
// the one table the workshop's size estimate and the model info's description
// both compute from.

/** A tensor type: `blockBytes` bytes hold `blockSize` weights. */
export interface GgmlType {
  name: string;
  blockSize: number;
  blockBytes: number;
}

const QK_K = 256;

/** By ggml type number; the numbers ggml removed have no entry. */
export const GGML_TYPES: Readonly<Record<number, GgmlType>> = {
  0: { name: 'f32', blockSize: 1, blockBytes: 4 },
  1: { name: 'f16', blockSize: 1, blockBytes: 2 },
  2: { name: 'q4_0', blockSize: 32, blockBytes: 18 },
  3: { name: 'q4_1', blockSize: 32, blockBytes: 20 },
  6: { name: 'q5_0', blockSize: 32, blockBytes: 22 },
  7: { name: 'q5_1', blockSize: 32, blockBytes: 24 },
  8: { name: 'q8_0', blockSize: 32, blockBytes: 34 },
  9: { name: 'q8_1', blockSize: 32, blockBytes: 36 },
  10: { name: 'q2_K', blockSize: QK_K, blockBytes: 84 },
  11: { name: 'q3_K', blockSize: QK_K, blockBytes: 110 },
  12: { name: 'q4_K', blockSize: QK_K, blockBytes: 144 },
  13: { name: 'q5_K', blockSize: QK_K, blockBytes: 176 },
  14: { name: 'q6_K', blockSize: QK_K, blockBytes: 210 },
  15: { name: 'q8_K', blockSize: QK_K, blockBytes: 292 },
  16: { name: 'iq2_xxs', blockSize: QK_K, blockBytes: 66 },
  17: { name: 'iq2_xs', blockSize: QK_K, blockBytes: 74 },
  18: { name: 'iq3_xxs', blockSize: QK_K, blockBytes: 98 },
  19: { name: 'iq1_s', blockSize: QK_K, blockBytes: 50 },
  20: { name: 'iq4_nl', blockSize: 32, blockBytes: 18 },
  21: { name: 'iq3_s', blockSize: QK_K, blockBytes: 110 },
  22: { name: 'iq2_s', blockSize: QK_K, blockBytes: 82 },
  23: { name: 'iq4_xs', blockSize: QK_K, blockBytes: 136 },
  24: { name: 'i8', blockSize: 1, blockBytes: 1 },
  25: { name: 'i16', blockSize: 1, blockBytes: 2 },
  26: { name: 'i32', blockSize: 1, blockBytes: 4 },
  27: { name: 'i64', blockSize: 1, blockBytes: 8 },
  28: { name: 'f64', blockSize: 1, blockBytes: 8 },
  29: { name: 'iq1_m', blockSize: QK_K, blockBytes: 56 },
  30: { name: 'bf16', blockSize: 1, blockBytes: 2 },
  34: { name: 'tq1_0', blockSize: QK_K, blockBytes: 54 },
  35: { name: 'tq2_0', blockSize: QK_K, blockBytes: 66 },
  39: { name: 'mxfp4', blockSize: 32, blockBytes: 17 },
  40: { name: 'nvfp4', blockSize: 64, blockBytes: 36 },
  41: { name: 'q1_0', blockSize: 128, blockBytes: 18 },
  42: { name: 'q2_0', blockSize: 64, blockBytes: 18 },
};

/** The ggml type numbers the quantization rules name. */
export const T = {
  F32: 0,
  F16: 1,
  Q4_0: 2,
  Q4_1: 3,
  Q5_0: 6,
  Q5_1: 7,
  Q8_0: 8,
  Q2_K: 10,
  Q3_K: 11,
  Q4_K: 12,
  Q5_K: 13,
  Q6_K: 14,
  IQ2_XXS: 16,
  IQ2_XS: 17,
  IQ3_XXS: 18,
  IQ1_S: 19,
  IQ4_NL: 20,
  IQ3_S: 21,
  IQ2_S: 22,
  IQ4_XS: 23,
  IQ1_M: 29,
  BF16: 30,
  TQ1_0: 34,
  TQ2_0: 35,
  MXFP4: 39,
  Q1_0: 41,
  Q2_0: 42,
} as const;

/** Types stored as plain numbers, one per weight: everything else is quantized. */
const PLAIN = new Set<number>([0, 1, 24, 25, 26, 27, 28, 30]);

export function isQuantizedType(type: number): boolean {
  return !PLAIN.has(type);
}

/** Bytes of one row of `columns` weights; null for a type this table does not know. */
export function rowBytes(type: number, columns: number): number | null {
  const info = GGML_TYPES[type];
  if (!info) return null;
  return Math.ceil(columns / info.blockSize) * info.blockBytes;
}

/** llama.cpp's file types by number, named as llama-quantize takes them (one table with the model library's). */
export { FILE_TYPE_NAMES } from '@shared/models/gguf-file-names';

/** The type's name as llama.cpp prints it (`Q4_K`), or `type 99` for one this table does not know. */
export function ggmlTypeName(code: number): string {
  return GGML_TYPES[code]?.name.toUpperCase() ?? `type ${code}`;
}

/** Bytes a tensor of `elements` takes in this type; null for an unknown type or a count that is not whole blocks. */
export function ggmlTensorBytes(code: number, elements: number): number | null {
  const info = GGML_TYPES[code];
  if (!info) return null;
  return elements % info.blockSize === 0 ? (elements / info.blockSize) * info.blockBytes : null;
}
