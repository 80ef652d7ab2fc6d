import { describe, expect, it } from 'vitest';
import { convertProgressReader, type ConvertProgress } from './convert-progress';
import { terminalLineReader } from './terminal-lines';

// What convert_hf_to_gguf.py wrote to stderr converting the tiny test folder to f16 (llama.cpp de3ff815), shortened.
const STDERR = [
  'INFO:hf-to-gguf:Loading model: tiny-hf-llama',
  'INFO:hf-to-gguf:Model architecture: LlamaForCausalLM',
  "INFO:hf-to-gguf:gguf: indexing model part 'model.safetensors'",
  'INFO:hf-to-gguf:Exporting model...',
  'INFO:hf-to-gguf:output.weight,              torch.float32 --> F16, shape = {64, 1000}',
  'INFO:hf-to-gguf:token_embd.weight,          torch.float32 --> F16, shape = {64, 1000}',
  'INFO:hf-to-gguf:blk.0.attn_norm.weight,     torch.float32 --> F32, shape = {64}',
  'INFO:hf-to-gguf:gguf: context length = 2048',
  'INFO:gguf.gguf_writer:Writing the following files:',
  'INFO:gguf.gguf_writer:/tmp/out.gguf.part: n_tensors = 21, total_size = 421.1K',
  '\rWriting:   0%|          | 0.00/421k [00:00<?, ?byte/s]\rWriting:  50%|█████     | 210k/421k [00:00<00:00, 127Mbyte/s]\rWriting: 100%|██████████| 421k/421k [00:00<00:00, 127Mbyte/s]',
  'INFO:hf-to-gguf:Model successfully exported to /tmp/out.gguf.part',
  '',
].join('\n');

function progressOf(text: string, chunk = text.length): ConvertProgress[] {
  const seen: ConvertProgress[] = [];
  const reader = terminalLineReader({ segment: convertProgressReader((p) => seen.push(p)) });
  for (let at = 0; at < text.length; at += chunk) reader.push(text.slice(at, at + chunk));
  reader.end();
  return seen;
}

describe('convertProgressReader', () => {
  it('counts tensors as the script plans them, then follows the writing in bytes', () => {
    expect(progressOf(STDERR)).toEqual([
      { phase: 'convert', done: 1, total: 0, tensor: 'output.weight' },
      { phase: 'convert', done: 2, total: 0, tensor: 'token_embd.weight' },
      { phase: 'convert', done: 3, total: 0, tensor: 'blk.0.attn_norm.weight' },
      { phase: 'write', done: 0, total: 0, tensor: null },
      { phase: 'write', done: 0, total: 421_000, tensor: null },
      { phase: 'write', done: 210_000, total: 421_000, tensor: null },
      { phase: 'write', done: 421_000, total: 421_000, tensor: null },
    ]);
  });

  it('reads the same from any chunking, and scales M and G', () => {
    expect(progressOf(STDERR, 3)).toEqual(progressOf(STDERR));
    const big = progressOf('\rWriting:  12%|█▏        | 1.73G/14.5G [00:04<00:30, 420Mbyte/s]\n');
    expect(big).toEqual([{ phase: 'write', done: 1_730_000_000, total: 14_500_000_000, tensor: null }]);
  });

  it('ignores the lines that are not progress', () => {
    expect(
      progressOf('INFO:hf-to-gguf:gguf: embedding length = 64\nWARNING:hf-to-gguf:Unknown RoPE type: default\n'),
    ).toEqual([]);
  });
});
