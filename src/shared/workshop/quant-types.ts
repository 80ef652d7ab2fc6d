// The quantization types the workshop offers, as llama-quantize names them, with
// llama.cpp's file-type number (general.file_type). Ordered from largest to
// smallest. Pure data shared by the core (it estimates and runs them) and the
// page (it lists them).

/** One type llama-quantize can write. */
export interface QuantType {
  /** the name llama-quantize takes on its command line */
  name: string;
  /** LLAMA_FTYPE_* (include/llama.h): what general.file_type will say */
  ftype: number;
  /** llama.cpp refuses these without an importance matrix (its tensor_requires_imatrix) */
  needsImatrix: boolean;
  /** a hint for choosing: where it sits between size and quality */
  tier: 'unquantized' | 'near_lossless' | 'balanced' | 'small' | 'tiny';
}

export const QUANT_TYPES = [
  { name: 'F16', ftype: 1, needsImatrix: false, tier: 'unquantized' },
  { name: 'BF16', ftype: 32, needsImatrix: false, tier: 'unquantized' },
  { name: 'Q8_0', ftype: 7, needsImatrix: false, tier: 'near_lossless' },
  { name: 'Q6_K', ftype: 18, needsImatrix: false, tier: 'near_lossless' },
  { name: 'Q5_K_M', ftype: 17, needsImatrix: false, tier: 'balanced' },
  { name: 'Q5_K_S', ftype: 16, needsImatrix: false, tier: 'balanced' },
  { name: 'Q5_0', ftype: 8, needsImatrix: false, tier: 'balanced' },
  { name: 'Q4_K_M', ftype: 15, needsImatrix: false, tier: 'balanced' },
  { name: 'Q4_K_S', ftype: 14, needsImatrix: false, tier: 'balanced' },
  { name: 'Q4_0', ftype: 2, needsImatrix: false, tier: 'balanced' },
  { name: 'IQ4_NL', ftype: 25, needsImatrix: false, tier: 'balanced' },
  { name: 'IQ4_XS', ftype: 30, needsImatrix: false, tier: 'balanced' },
  { name: 'Q3_K_L', ftype: 13, needsImatrix: false, tier: 'small' },
  { name: 'Q3_K_M', ftype: 12, needsImatrix: false, tier: 'small' },
  { name: 'Q3_K_S', ftype: 11, needsImatrix: false, tier: 'small' },
  { name: 'IQ3_M', ftype: 27, needsImatrix: false, tier: 'small' },
  { name: 'IQ3_XXS', ftype: 23, needsImatrix: true, tier: 'small' },
  { name: 'Q2_K', ftype: 10, needsImatrix: false, tier: 'tiny' },
  { name: 'IQ2_M', ftype: 29, needsImatrix: true, tier: 'tiny' },
  { name: 'IQ2_XS', ftype: 20, needsImatrix: true, tier: 'tiny' },
  { name: 'IQ2_XXS', ftype: 19, needsImatrix: true, tier: 'tiny' },
  { name: 'IQ1_M', ftype: 31, needsImatrix: true, tier: 'tiny' },
  { name: 'IQ1_S', ftype: 24, needsImatrix: true, tier: 'tiny' },
] as const satisfies readonly QuantType[];

export type QuantTypeName = (typeof QUANT_TYPES)[number]['name'];

export const QUANT_TYPE_NAMES = QUANT_TYPES.map((type) => type.name) as [QuantTypeName, ...QuantTypeName[]];

/** The type the workshop suggests first: the usual balance of size and quality. */
export const DEFAULT_QUANT_TYPE: QuantTypeName = 'Q4_K_M';

export function quantTypeByName(name: string): QuantType | undefined {
  return QUANT_TYPES.find((type) => type.name === name);
}
