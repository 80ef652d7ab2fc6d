import { describe, expect, it } from 'vitest';
import { f32Data, safetensorsHeader } from '@scripts/fixtures/safetensors-writer';
import { headerLength, judgeSafetensors } from './safetensors-header';

const entries = [
  { name: 'a.weight', shape: [4, 8] },
  { name: 'b.weight', shape: [8] },
];

/** A whole file: header, then 40 F32 values. */
function file(): Buffer {
  return Buffer.concat([
    safetensorsHeader(entries, 'F32', { format: 'pt' }),
    Buffer.from(f32Data(new Float32Array(40))),
  ]);
}

function judge(bytes: Buffer, size = bytes.length) {
  const length = headerLength(bytes.subarray(0, 8));
  if (length === null) return null;
  return judgeSafetensors(bytes.subarray(8, 8 + length).toString('utf8'), length, size);
}

describe('safetensors headers', () => {
  it('counts the parameters of a whole file', () => {
    expect(judge(file())).toEqual({ ok: true, parameters: 40, tensors: 2, dataBytes: 160 });
  });

  it('finds a file cut inside its data or inside its header', () => {
    const whole = file();
    expect(judge(whole.subarray(0, whole.length - 1))).toMatchObject({ ok: false, problem: 'truncated' });
    expect(judge(whole.subarray(0, 30), 30)).toMatchObject({ ok: false, problem: 'truncated' });
  });

  it('refuses what is not a header', () => {
    expect(headerLength(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(headerLength(new Uint8Array(8))).toBeNull();
    expect(headerLength(Buffer.from('{"hello"'))).toBeNull();
    expect(judgeSafetensors('[1, 2]', 6, 100)).toMatchObject({ ok: false, problem: 'invalid' });
    expect(judgeSafetensors('{"x": {"dtype": "F32", "shape": [2]}}', 37, 100)).toMatchObject({
      ok: false,
      problem: 'invalid',
    });
  });
});
