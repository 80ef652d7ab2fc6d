// When a base's vectors get an ANN index. Below a few million floats a flat
// scan is a few milliseconds and exact; above, a query scans every vector
// (100,000 passages of 64 dimensions: ~20 ms, of 768: ~12× that), so an
// IVF_FLAT index is built: exact distances inside the partitions it probes,
// about 1 s to train at 100,000 × 64. New rows join the nearest existing
// partition when the table is optimized; once the table has grown well past the
// rows the partitions were trained on, they are trained again. Pure.

/** An index on fewer vectors than this is not worth training. */
export const MIN_INDEXED_ROWS = 4096;
/** rows × dimension from which a flat scan costs more than the index saves */
export const MIN_INDEXED_FLOATS = 2 ** 21;
/** retrain once the table holds this many times the rows the partitions were trained on */
export const RETRAIN_GROWTH = 4;

export type VectorIndexPlan = 'none' | 'keep' | 'build';

export function planVectorIndex(input: {
  rows: number;
  dimension: number;
  trainedRows: number | null;
}): VectorIndexPlan {
  const large = input.rows >= MIN_INDEXED_ROWS && input.rows * input.dimension >= MIN_INDEXED_FLOATS;
  if (input.trainedRows === null) return large ? 'build' : 'none';
  return input.rows >= input.trainedRows * RETRAIN_GROWTH && large ? 'build' : 'keep';
}

const NAME = /^vector_ivf_(\d+)$/;

/** The index's name records the rows it was trained on. */
export const vectorIndexName = (trainedRows: number): string => `vector_ivf_${trainedRows}`;

export function trainedRowsOf(indexName: string): number | null {
  const match = NAME.exec(indexName);
  return match ? Number(match[1]) : null;
}
