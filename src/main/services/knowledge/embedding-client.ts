// The two HTTP calls the knowledge base makes to an embedding server:
// /v1/embeddings (OpenAI-compatible, so a link endpoint works too) and
// llama-server's /tokenize with pieces, for cutting passages by tokens.
// A failure says whether waiting can help (`unavailable`: the server is down or
// restarting) or not (`rejected`: it refused this input).
import type { EmbeddingEndpoint } from './embedding-server';

export class EmbeddingError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string,
  ) {
    super(message);
  }
}

export async function embedTexts(
  endpoint: EmbeddingEndpoint,
  texts: readonly string[],
  signal?: AbortSignal,
): Promise<number[][]> {
  const body = await post(
    endpoint,
    '/v1/embeddings',
    { model: endpoint.model, input: texts, encoding_format: 'float' },
    signal,
  );
  const data = (body as { data?: Array<{ index?: number; embedding?: unknown }> }).data;
  if (!Array.isArray(data) || data.length !== texts.length)
    throw new EmbeddingError(
      'rejected',
      `/v1/embeddings returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${texts.length} inputs`,
    );
  const out: number[][] = new Array<number[]>(texts.length);
  for (const [position, item] of data.entries()) {
    const vector = item.embedding;
    if (
      !Array.isArray(vector) ||
      vector.length === 0 ||
      !vector.every((x) => typeof x === 'number' && Number.isFinite(x))
    ) {
      throw new EmbeddingError('rejected', '/v1/embeddings returned a vector that is not a list of finite numbers');
    }
    out[typeof item.index === 'number' ? item.index : position] = vector as number[];
  }
  return out;
}

/** The UTF-8 byte length of each token of `text`, as the server's tokenizer cuts it. */
export async function tokenizeBytes(
  endpoint: EmbeddingEndpoint,
  text: string,
  signal?: AbortSignal,
): Promise<number[]> {
  const body = await post(endpoint, '/tokenize', { content: text, add_special: false, with_pieces: true }, signal);
  const tokens = (body as { tokens?: Array<{ piece?: unknown }> }).tokens;
  if (!Array.isArray(tokens)) throw new EmbeddingError('rejected', '/tokenize returned no tokens');
  return tokens.map((token) => {
    const piece = token.piece;
    if (typeof piece === 'string') return Buffer.byteLength(piece, 'utf8');
    if (Array.isArray(piece)) return piece.length;
    throw new EmbeddingError('rejected', '/tokenize returned a token without its piece');
  });
}

async function post(
  endpoint: EmbeddingEndpoint,
  path: string,
  payload: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify(payload),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new EmbeddingError('unavailable', `the embedding server cannot be reached: ${(error as Error).message}`);
  }
  // The status is reported either way; a body that breaks off only loses the server's own words.
  const text = await response.text().catch(() => '');
  // 503 is llama-server loading; 5xx and 429 pass too. A 4xx is about this input.
  if (response.status >= 500 || response.status === 429)
    throw new EmbeddingError('unavailable', `the embedding server answered ${response.status}: ${text.slice(0, 300)}`);
  if (!response.ok)
    throw new EmbeddingError(
      'rejected',
      `the embedding server refused the input (${response.status}): ${text.slice(0, 300)}`,
    );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EmbeddingError('rejected', `${path} did not answer JSON`);
  }
}
