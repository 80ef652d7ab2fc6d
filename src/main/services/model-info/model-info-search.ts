// Searching a model's tensors and vocabulary in the core, one page at a time: a
// vocabulary of 150k tokens stays here and the page gets the 100 it shows. Pure.
import type { SearchPage, TensorRow, TokenKind, VocabToken } from '@shared/model-info/model-info-types';
import { isSpecialKind } from './describe-gguf';

export interface PageRequest {
  query?: string;
  offset?: number;
  limit?: number;
}

export const DEFAULT_PAGE_ROWS = 100;

function pageOf<T>(total: number, matches: readonly T[], request: PageRequest): SearchPage<T> {
  const offset = Math.min(request.offset ?? 0, matches.length);
  return {
    total,
    matched: matches.length,
    offset,
    rows: matches.slice(offset, offset + (request.limit ?? DEFAULT_PAGE_ROWS)),
  };
}

/** Tensors whose name contains the query, or whose type is the query (`q4_k`), in file order. */
export function searchTensors(tensors: readonly TensorRow[], request: PageRequest): SearchPage<TensorRow> {
  const query = (request.query ?? '').trim().toLowerCase();
  const matches =
    query === ''
      ? tensors
      : tensors.filter((t) => t.name.toLowerCase().includes(query) || t.type.toLowerCase() === query);
  return pageOf(tensors.length, matches, request);
}

/** A vocabulary with its lower-cased forms computed once, for searching it again and again. */
export interface SearchableVocab {
  tokens: readonly string[];
  kinds: readonly TokenKind[];
  lower: readonly string[];
}

export function searchableVocab(tokens: readonly string[], kinds: readonly TokenKind[]): SearchableVocab {
  return { tokens, kinds, lower: tokens.map((token) => token.toLowerCase()) };
}

/**
 * Tokens containing the query (case-insensitive; a space also matches SentencePiece's
 * ▁ and GPT-2's Ġ, which is how vocabularies spell it), in id order; a number also
 * finds the token with that id, first.
 */
export function searchVocab(
  vocab: SearchableVocab,
  request: PageRequest & { special?: boolean },
): SearchPage<VocabToken> {
  const raw = request.query ?? '';
  const query = raw.toLowerCase();
  // Lower-cased after the swap: Ġ lower-cases to ġ, as it does in `lower`.
  const forms = [
    ...new Set([raw, raw.replaceAll(' ', '▁'), raw.replaceAll(' ', 'Ġ')].map((form) => form.toLowerCase())),
  ];
  const byId = /^\s*\d+\s*$/.test(raw) ? Number(raw) : null;
  const ids: number[] = [];
  if (byId !== null && byId < vocab.tokens.length && (!request.special || isSpecialKind(vocab.kinds[byId] ?? 'normal')))
    ids.push(byId);
  for (let id = 0; id < vocab.tokens.length; id++) {
    if (id === byId) continue;
    if (request.special && !isSpecialKind(vocab.kinds[id] ?? 'normal')) continue;
    const lower = vocab.lower[id] ?? '';
    if (query === '' || forms.some((form) => lower.includes(form))) ids.push(id);
  }
  const page = pageOf(vocab.tokens.length, ids, request);
  return {
    ...page,
    rows: page.rows.map((id) => ({ id, text: vocab.tokens[id] ?? '', kind: vocab.kinds[id] ?? 'normal' })),
  };
}
