// A GGUF header (metadata, tensor infos, the vocabulary's tokens and types) turned
// into what the Model info page shows: the summary, the quantization histogram, the
// tensor rows and the special tokens. Pure: the reading is read-model-file.ts's job.
import { basename } from 'node:path';
import type {
  ChatTemplateText,
  MetadataEntry,
  ModelInfo,
  QuantShare,
  SpecialToken,
  TensorRow,
  TokenKind,
} from '@shared/model-info/model-info-types';
import type { GgufHeader } from '@main/services/backend/gguf/gguf-reader';
import { GgufType, type GgufValue } from '@main/services/backend/gguf/gguf-values';
import { ggmlTensorBytes, ggmlTypeName } from '@main/services/backend/gguf/ggml-types';
import { fileTypeName } from '@shared/models/gguf-file-names';

/** A header with everything the page needs: tensors read, tokens and token types kept. */
export interface DescribedModel {
  info: ModelInfo;
  tensors: TensorRow[];
  tokens: readonly string[];
  kinds: readonly TokenKind[];
}

// llama_token_type in llama.cpp's vocab, by code.
const TOKEN_KINDS: readonly TokenKind[] = [
  'undefined',
  'normal',
  'unknown',
  'control',
  'user-defined',
  'unused',
  'byte',
];
const SPECIAL_KINDS: ReadonlySet<TokenKind> = new Set(['unknown', 'control', 'user-defined']);
// The roles in the order people look for them; any other *_token_id follows by name.
const ROLE_ORDER = ['bos', 'eos', 'eot', 'eom', 'unknown', 'padding', 'separator', 'cls', 'mask'];
const TYPE_NAMES = Object.fromEntries(
  Object.entries(GgufType).map(([name, code]) => [code, name.toLowerCase()]),
) as Record<number, string>;
/** Metadata strings longer than this are cut in the metadata list (the chat template has its own section). */
export const METADATA_VALUE_CHARS = 300;

/** Whether a token kind counts as special (the vocabulary's "special only" filter). */
export const isSpecialKind = (kind: TokenKind): boolean => SPECIAL_KINDS.has(kind);

export function describeGguf(path: string, header: GgufHeader): DescribedModel {
  const meta = header.metadata;
  const text = (key: string): string | null => {
    const value = meta.get(key);
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  const count = (key: string): number | null => {
    const value = meta.get(key);
    const n = typeof value === 'bigint' ? Number(value) : value;
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
  };
  const flag = (key: string): boolean | null => {
    const value = meta.get(key);
    return typeof value === 'boolean' ? value : null;
  };
  const architecture = text('general.architecture') ?? '';
  const arch = (key: string): number | null => (architecture ? count(`${architecture}.${key}`) : null);

  const tensors = tensorRows(header);
  const parameters = tensors.reduce((sum, t) => sum + t.elements, 0);
  const tensorBytes = tensors.reduce((sum, t) => sum + t.bytes, 0);
  const tokens = stringValues(meta.get('tokenizer.ggml.tokens'));
  const kinds = tokenKinds(meta.get('tokenizer.ggml.token_type'), tokens.length);
  const fileType = count('general.file_type');

  const info: ModelInfo = {
    path,
    fileSize: header.fileSize,
    ggufVersion: header.version,
    name: text('general.name') ?? basename(path).replace(/\.gguf$/i, ''),
    architecture,
    fileType: fileType === null ? null : fileTypeName(fileType),
    sizeLabel: text('general.size_label'),
    contextLength: arch('context_length'),
    embeddingLength: arch('embedding_length'),
    layers: arch('block_count'),
    heads: arch('attention.head_count'),
    headsKv: arch('attention.head_count_kv'),
    feedForwardLength: arch('feed_forward_length'),
    experts: arch('expert_count'),
    expertsUsed: arch('expert_used_count'),
    parameters,
    tensorCount: tensors.length,
    tensorBytes,
    bitsPerWeight: parameters > 0 ? (tensorBytes * 8) / parameters : null,
    quantization: quantization(tensors),
    tokenizer: {
      model: text('tokenizer.ggml.model'),
      pre: text('tokenizer.ggml.pre'),
      vocabSize: tokens.length,
      mergesCount: arrayLength(meta.get('tokenizer.ggml.merges')),
      specialCount: kinds.filter(isSpecialKind).length,
      addBos: flag('tokenizer.ggml.add_bos_token'),
      addEos: flag('tokenizer.ggml.add_eos_token'),
    },
    specialTokens: specialTokens(header, tokens),
    chatTemplates: chatTemplates(header),
    metadata: metadataEntries(header),
  };
  return { info, tensors, tokens, kinds };
}

function tensorRows(header: GgufHeader): TensorRow[] {
  const infos = header.tensors ?? [];
  const dataOffset = header.dataOffset ?? header.tensorInfoOffset;
  // A type this build does not know: its bytes are the gap to the next tensor's data.
  const starts = infos.map((t) => t.offset).sort((a, b) => a - b);
  const gapAfter = (offset: number): number => {
    const next = starts.find((start) => start > offset);
    return (next ?? header.fileSize - dataOffset) - offset;
  };
  return infos.map((tensor) => {
    const elements = tensor.dims.reduce((product, dim) => product * dim, 1);
    return {
      name: tensor.name,
      type: ggmlTypeName(tensor.type),
      dims: tensor.dims,
      elements,
      bytes: ggmlTensorBytes(tensor.type, elements) ?? Math.max(0, gapAfter(tensor.offset)),
      offset: dataOffset + tensor.offset,
    };
  });
}

function quantization(tensors: readonly TensorRow[]): QuantShare[] {
  const byType = new Map<string, QuantShare>();
  for (const tensor of tensors) {
    const share = byType.get(tensor.type) ?? { type: tensor.type, tensors: 0, elements: 0, bytes: 0 };
    share.tensors++;
    share.elements += tensor.elements;
    share.bytes += tensor.bytes;
    byType.set(tensor.type, share);
  }
  return [...byType.values()].sort((a, b) => b.bytes - a.bytes || a.type.localeCompare(b.type));
}

function stringValues(value: GgufValue | undefined): string[] {
  if (typeof value !== 'object' || value.type !== GgufType.STRING || !value.values) return [];
  return value.values.map((v) => (typeof v === 'string' ? v : String(v)));
}

function tokenKinds(value: GgufValue | undefined, vocabSize: number): TokenKind[] {
  const codes = typeof value === 'object' && value.values ? value.values : [];
  return Array.from({ length: vocabSize }, (_, i) => {
    const code = codes[i];
    return (typeof code === 'number' ? TOKEN_KINDS[code] : undefined) ?? 'normal';
  });
}

function arrayLength(value: GgufValue | undefined): number {
  return typeof value === 'object' ? value.length : 0;
}

function specialTokens(header: GgufHeader, tokens: readonly string[]): SpecialToken[] {
  const found: SpecialToken[] = [];
  for (const [key, value] of header.metadata) {
    const role = /^tokenizer\.ggml\.(\w+)_token_id$/.exec(key)?.[1];
    const id = typeof value === 'bigint' ? Number(value) : value;
    if (role === undefined || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) continue;
    found.push({ role, id, text: tokens[id] ?? null });
  }
  const rank = (role: string): number => {
    const index = ROLE_ORDER.indexOf(role);
    return index < 0 ? ROLE_ORDER.length : index;
  };
  return found.sort((a, b) => rank(a.role) - rank(b.role) || a.role.localeCompare(b.role));
}

function chatTemplates(header: GgufHeader): ChatTemplateText[] {
  const templates: ChatTemplateText[] = [];
  for (const [key, value] of header.metadata) {
    if (typeof value !== 'string') continue;
    if (key === 'tokenizer.chat_template') templates.unshift({ name: null, text: value });
    else if (key.startsWith('tokenizer.chat_template.'))
      templates.push({ name: key.slice('tokenizer.chat_template.'.length), text: value });
  }
  return templates;
}

function metadataEntries(header: GgufHeader): MetadataEntry[] {
  return [...header.metadata].map(([key, value]) => {
    const type = header.types.get(key);
    const typeName =
      typeof value === 'object'
        ? `array of ${TYPE_NAMES[value.type] ?? value.type}`
        : (TYPE_NAMES[type ?? -1] ?? 'unknown');
    return typeof value === 'object'
      ? { key, type: typeName, value: '', arrayLength: value.length }
      : { key, type: typeName, value: valueText(value), arrayLength: null };
  });
}

function valueText(value: Exclude<GgufValue, object>): string {
  const text = String(value);
  return text.length > METADATA_VALUE_CHARS ? `${text.slice(0, METADATA_VALUE_CHARS)}…` : text;
}
