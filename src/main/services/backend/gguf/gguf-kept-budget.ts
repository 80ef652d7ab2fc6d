// How much of a GGUF header one read may keep in memory. Every kept key, value,
// array element and tensor info is charged before it is decoded, so a header of
// hundreds of MB of strings or millions of tensor infos fails at the limit as
// `model_invalid` (reason gguf_over_limit) instead of costing the core its heap.
// The charges follow the heap, not the file: a decoded string of invalid UTF-8
// takes two bytes a file byte, a u8 array element eight.
import { overLimitGguf } from './gguf-cursor';

/**
 * What a read keeps by default: a 256k-token vocabulary with its types and a few thousand
 * tensors take about 15 MB, and the longest string a header may hold (MAX_STRING_BYTES,
 * 32 MB) is charged 64 MB, so one such chat template still reads.
 */
export const KEPT_BYTES = 96 << 20;

const ENTRY_BYTES = 32;
const STRING_BYTES = 16;
const ELEMENT_BYTES = 8;
const TENSOR_BYTES = 64;

export class KeptBudget {
  private used = 0;

  constructor(
    readonly max: number,
    private readonly path: string,
  ) {}

  private charge(bytes: number, what: string): void {
    this.used += bytes;
    if (this.used <= this.max) return;
    throw overLimitGguf(
      `invalid GGUF: keeping ${what} would take ${this.used} bytes of memory (limit ${this.max} for one header)`,
      {
        path: this.path,
        limit: 'kept',
        found: this.used,
        max: this.max,
      },
    );
  }

  /** A metadata key and its entry. */
  chargeEntry = (key: string): void => this.charge(ENTRY_BYTES + 2 * key.length, key);
  /** A string of `bytes` UTF-8 bytes, decoded. */
  chargeString = (bytes: number, what: string): void => this.charge(STRING_BYTES + 2 * bytes, what);
  /** `count` scalars or array summaries. */
  chargeElements = (count: number, what: string): void => this.charge(ELEMENT_BYTES * count, what);
  /** A tensor info with its name and dimensions. */
  chargeTensor = (name: string, dims: number): void =>
    this.charge(TENSOR_BYTES + 2 * name.length + ELEMENT_BYTES * dims, `tensor ${name}`);
}
