import { describe, expect, it } from 'vitest';
import { imatrixProgressReader, quantizeProgressReader, type ToolProgress } from './tool-progress';

const LINE_START =
  '[   3/  21]                    token_embd.weight - [    64,  32000,      1,      1], type =    f16, converting to q8_0 .. ';
const LINE_END = 'size =     3.91 MiB ->     2.08 MiB\n';

describe('quantizeProgressReader', () => {
  it('reports a tensor when its line starts and again when its second part ends it', () => {
    const seen: ToolProgress[] = [];
    const feed = quantizeProgressReader((p) => seen.push(p));
    feed('llama_model_loader: - type  f16:   16 tensors\n');
    feed(LINE_START);
    expect(seen).toEqual([{ done: 2, total: 21, tensor: 'token_embd.weight' }]);
    feed(LINE_END);
    expect(seen.at(-1)).toEqual({ done: 3, total: 21, tensor: 'token_embd.weight' });
    expect(seen).toHaveLength(2);
  });

  it('copes with any chunking, a split index included, and with lines that arrive whole', () => {
    const text = `${LINE_START}${LINE_END}[   4/  21] blk.0.attn_k.weight                  - [    64,     64,      1,      1], type =    f32, size =    0.000 MiB\nllama_model_quantize_impl: model size  =     7.97 MiB\n`;
    for (const size of [1, 2, 7, 50, text.length]) {
      const seen: ToolProgress[] = [];
      const feed = quantizeProgressReader((p) => seen.push(p));
      for (let at = 0; at < text.length; at += size) feed(text.slice(at, at + size));
      const said = seen.map((p) => `${p.done}/${p.total} ${p.tensor}`);
      expect(said, `chunks of ${size}`).toEqual(
        expect.arrayContaining(['3/21 token_embd.weight', '4/21 blk.0.attn_k.weight']),
      );
      expect(said.at(-1)).toBe('4/21 blk.0.attn_k.weight');
      expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
    }
  });

  it('ignores the error that ends a requantizing line', () => {
    const seen: ToolProgress[] = [];
    quantizeProgressReader((p) => seen.push(p))(
      '[   3/  21] token_embd.weight - [64, 32000, 1, 1], type =   q4_0, llama_model_quantize: failed to quantize: requantizing from type q4_0 is disabled\n',
    );
    expect(seen.at(-1)).toEqual({ done: 3, total: 21, tensor: 'token_embd.weight' });
  });
});

describe('imatrixProgressReader', () => {
  it('takes the chunk count from stderr and each chunk from stdout, without waiting for a newline', () => {
    const seen: ToolProgress[] = [];
    const feed = imatrixProgressReader((p) => seen.push(p));
    feed('stderr', '0.00.483.351 I compute_imatrix: computing over 20 chun');
    feed('stderr', 'ks, n_ctx=128, batch_size=2048, n_seq=16\n');
    expect(seen).toEqual([{ done: 0, total: 20, tensor: null }]);
    feed('stdout', '\n[1]30613.4239,[2]3108');
    expect(seen.at(-1)).toEqual({ done: 1, total: 20, tensor: null });
    feed('stdout', '2.6069,[3]30893.5559,');
    expect(seen.at(-1)).toEqual({ done: 3, total: 20, tensor: null });
    feed('stdout', '\nFinal estimate: PPL = 31015.3905 +/- 142.79266\n');
    expect(seen).toHaveLength(3);
  });
});
