import { describe, expect, it } from 'vitest';
import { etaSeconds } from './ingest-eta';

describe('etaSeconds', () => {
  it('scales the time taken by the bytes left', () => {
    expect(etaSeconds({ bytesDone: 100, bytesTotal: 400, elapsedMs: 2000 })).toBe(6);
    expect(etaSeconds({ bytesDone: 400, bytesTotal: 400, elapsedMs: 2000 })).toBe(0);
  });

  it('has no figure before there is a rate', () => {
    expect(etaSeconds({ bytesDone: 0, bytesTotal: 400, elapsedMs: 5000 })).toBeNull();
    expect(etaSeconds({ bytesDone: 10, bytesTotal: 400, elapsedMs: 500 })).toBeNull();
  });
});
