import { describe, expect, it } from 'vitest';
import { MIN_INDEXED_ROWS, planVectorIndex, RETRAIN_GROWTH, trainedRowsOf, vectorIndexName } from './vector-index-plan';

describe('planVectorIndex', () => {
  it('leaves a small table to the exact flat scan', () => {
    expect(planVectorIndex({ rows: 1000, dimension: 4096, trainedRows: null })).toBe('none');
    expect(planVectorIndex({ rows: 20_000, dimension: 64, trainedRows: null })).toBe('none');
  });

  it('indexes once rows × dimension is large, sooner for wide vectors', () => {
    expect(planVectorIndex({ rows: 100_000, dimension: 64, trainedRows: null })).toBe('build');
    expect(planVectorIndex({ rows: MIN_INDEXED_ROWS, dimension: 768, trainedRows: null })).toBe('build');
  });

  it('keeps an index until the table has grown well past what it was trained on', () => {
    expect(planVectorIndex({ rows: 150_000, dimension: 64, trainedRows: 100_000 })).toBe('keep');
    expect(planVectorIndex({ rows: 100_000 * RETRAIN_GROWTH, dimension: 64, trainedRows: 100_000 })).toBe('build');
    // Shrunk below the threshold: the index stays (it is still correct), nothing is retrained.
    expect(planVectorIndex({ rows: 100, dimension: 64, trainedRows: 100_000 })).toBe('keep');
  });

  it('reads the trained rows back from the index name', () => {
    expect(trainedRowsOf(vectorIndexName(123_456))).toBe(123_456);
    expect(trainedRowsOf('text_idx')).toBeNull();
  });
});
