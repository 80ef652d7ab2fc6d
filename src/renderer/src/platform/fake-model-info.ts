// The Model info channels of the in-memory platform: any `.gguf` path reads as the
// same small made-up qwen2 model (names with "partial" as a cut-short download,
// other files as not GGUF), with 26 tensors and a 300-token vocabulary searched
// and paged as the core does; `model-info:live` follows the pretend server's
// state, with one slot (or /slots switched off: `liveSlots: 'disabled'`).
import type { BackendStatus } from '@shared/contract';
import type { modelInfoChannels } from '@shared/model-info/model-info-contract';
import type { ModelInfo, SearchPage, TensorRow, TokenKind, VocabToken } from '@shared/model-info/model-info-types';
import type { Result } from './types';
import { type FakeHandler, ok } from './fake-handler';

type ModelInfoChannel = keyof typeof modelInfoChannels;

export interface FakeModelInfoOptions {
  /** what the pretend server's /slots answers (default 'ok') */
  liveSlots?: 'ok' | 'disabled';
}

export const FAKE_CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}{% endfor %}";

const tensors: TensorRow[] = (() => {
  const rows: Array<Omit<TensorRow, 'offset'>> = [
    { name: 'token_embd.weight', type: 'Q8_0', dims: [64, 300], elements: 19_200, bytes: 20_400 },
    { name: 'output_norm.weight', type: 'F32', dims: [64], elements: 64, bytes: 256 },
  ];
  for (let layer = 0; layer < 2; layer++) {
    for (const [part, type] of [
      ['attn_norm', 'F32'],
      ['attn_q', 'Q4_K'],
      ['attn_k', 'Q4_K'],
      ['attn_v', 'Q6_K'],
      ['attn_output', 'Q4_K'],
      ['ffn_norm', 'F32'],
      ['ffn_gate', 'Q4_K'],
      ['ffn_up', 'Q4_K'],
      ['ffn_down', 'Q6_K'],
      ['attn_q.bias', 'F32'],
      ['attn_k.bias', 'F32'],
      ['attn_v.bias', 'F32'],
    ] as const) {
      const norm = type === 'F32';
      const elements = norm ? 64 : 64 * 256;
      rows.push({
        name: `blk.${layer}.${part}${part.endsWith('.bias') ? '' : '.weight'}`,
        type,
        dims: norm ? [64] : [256, 64],
        elements,
        bytes: norm ? 256 : type === 'Q4_K' ? 9216 : 13_440,
      });
    }
  }
  let offset = 1_000_000;
  return rows.map((row) => {
    const placed = { ...row, offset };
    offset += row.bytes;
    return placed;
  });
})();

const KINDS: Record<number, TokenKind> = { 0: 'unknown', 1: 'control', 2: 'control', 3: 'control', 4: 'control' };
const vocab: VocabToken[] = Array.from({ length: 300 }, (_, id) => {
  const special = ['<unk>', '<|endoftext|>', '<|im_start|>', '<|im_end|>', '<|pad|>'][id];
  return { id, text: special ?? (id % 3 === 0 ? `Ġword${id}` : `piece${id}`), kind: KINDS[id] ?? 'normal' };
});

const parameters = tensors.reduce((sum, t) => sum + t.elements, 0);
const tensorBytes = tensors.reduce((sum, t) => sum + t.bytes, 0);

function fakeInfo(path: string): ModelInfo {
  const byType = new Map<string, { type: string; tensors: number; elements: number; bytes: number }>();
  for (const t of tensors) {
    const share = byType.get(t.type) ?? { type: t.type, tensors: 0, elements: 0, bytes: 0 };
    byType.set(t.type, {
      ...share,
      tensors: share.tensors + 1,
      elements: share.elements + t.elements,
      bytes: share.bytes + t.bytes,
    });
  }
  return {
    path,
    fileSize: 1_000_000 + tensorBytes,
    ggufVersion: 3,
    name:
      path
        .split(/[\\/]/)
        .pop()
        ?.replace(/\.gguf$/i, '') ?? path,
    architecture: 'qwen2',
    fileType: 'Q4_K_M',
    sizeLabel: '0.5B',
    contextLength: 32_768,
    embeddingLength: 64,
    layers: 2,
    heads: 4,
    headsKv: 2,
    feedForwardLength: 256,
    experts: null,
    expertsUsed: null,
    parameters,
    tensorCount: tensors.length,
    tensorBytes,
    bitsPerWeight: (tensorBytes * 8) / parameters,
    quantization: [...byType.values()].sort((a, b) => b.bytes - a.bytes),
    tokenizer: {
      model: 'gpt2',
      pre: 'qwen2',
      vocabSize: vocab.length,
      mergesCount: 151_387,
      specialCount: 5,
      addBos: false,
      addEos: null,
    },
    specialTokens: [
      { role: 'bos', id: 1, text: '<|endoftext|>' },
      { role: 'eos', id: 3, text: '<|im_end|>' },
      { role: 'padding', id: 4, text: '<|pad|>' },
    ],
    chatTemplates: [{ name: null, text: FAKE_CHAT_TEMPLATE }],
    metadata: [
      { key: 'general.architecture', type: 'string', value: 'qwen2', arrayLength: null },
      { key: 'qwen2.context_length', type: 'uint32', value: '32768', arrayLength: null },
      { key: 'tokenizer.ggml.tokens', type: 'array of string', value: '', arrayLength: vocab.length },
    ],
  };
}

function check(path: string): Result<null> {
  if (!/\.gguf$/i.test(path))
    return {
      ok: false,
      error: {
        code: 'model_invalid',
        message: `not a GGUF file (random bytes?): ${path}`,
        details: { path, reason: 'not_gguf' },
      },
    };
  if (/missing/i.test(path))
    return { ok: false, error: { code: 'model_missing', message: `model file not found: ${path}`, details: { path } } };
  if (/partial/i.test(path))
    return {
      ok: false,
      error: {
        code: 'model_invalid',
        message: `truncated GGUF: header ends at byte 4096`,
        details: { path, reason: 'gguf_truncated' },
      },
    };
  return ok(null);
}

function pageOf<T>(total: number, matches: T[], offset = 0, limit = 100): SearchPage<T> {
  return { total, matched: matches.length, offset, rows: matches.slice(offset, offset + limit) };
}

export function createFakeModelInfo(deps: { status: () => BackendStatus; options: FakeModelInfoOptions }): {
  [C in ModelInfoChannel]: FakeHandler<C>;
} {
  return {
    'model-info:read': ({ path }) => {
      const checked = check(path);
      return checked.ok ? ok(fakeInfo(path)) : checked;
    },
    'model-info:tensors': ({ path, query = '', offset, limit }) => {
      const checked = check(path);
      if (!checked.ok) return checked;
      const q = query.trim().toLowerCase();
      return ok(
        pageOf(
          tensors.length,
          tensors.filter((t) => q === '' || t.name.includes(q) || t.type.toLowerCase() === q),
          offset,
          limit,
        ),
      );
    },
    'model-info:vocab': ({ path, query = '', offset, limit, special }) => {
      const checked = check(path);
      if (!checked.ok) return checked;
      const forms = [query, query.replaceAll(' ', 'Ġ')].map((form) => form.toLowerCase());
      const found = vocab.filter(
        (t) =>
          (!special || t.kind !== 'normal') &&
          (query === '' || forms.some((form) => t.text.toLowerCase().includes(form)) || String(t.id) === query.trim()),
      );
      return ok(pageOf(vocab.length, found, offset, limit));
    },
    'model-info:live': () => {
      const status = deps.status();
      if (status.state !== 'ready') return ok({ state: 'stopped' });
      const props = {
        modelPath: status.model?.path ?? null,
        modelAlias: status.model?.name ?? null,
        nCtx: 4096,
        totalSlots: 1,
        build: 'b6000-abc1234',
        vision: false,
        audio: false,
        sleeping: false,
      };
      if (deps.options.liveSlots === 'disabled')
        return ok({
          state: 'running',
          props,
          slots: [],
          slotsState: 'disabled',
          slotsMessage: 'This server does not support slots endpoint. Start it with `--slots`',
        });
      return ok({
        state: 'running',
        props,
        slots: [
          { id: 0, nCtx: 4096, processing: false, tokens: 1024, promptProcessed: 900, promptCached: 100, decoded: 24 },
        ],
        slotsState: 'ok',
        slotsMessage: null,
      });
    },
  };
}
