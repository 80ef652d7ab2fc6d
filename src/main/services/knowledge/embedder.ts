// Where vectors come from right now: the local embedding server (started on
// first use, waited for through a crash restart) or a link endpoint's
// /v1/embeddings. Settings are read on every call, so a change takes effect at
// the next batch.
import { basename } from 'node:path';
import { AppFailure } from '@shared/errors';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';
import type { EmbedderStatus, EmbedderTestResult, EmbeddingModelCheck } from '@shared/knowledge/knowledge-types';
import { cosineSimilarity } from '@shared/knowledge/cosine';
import { embedderSeparates } from '@shared/knowledge/embedding-model-kind';
import { embedTexts } from './embedding-client';
import { checkEmbeddingModel } from './embedding-model-check';
import type { EmbeddingEndpoint, EmbeddingServer } from './embedding-server';

/** An endpoint ready to embed, and what it can do. */
export interface ReadyEmbedder {
  endpoint: EmbeddingEndpoint;
  /** llama-server's /tokenize is there (a link endpoint has none) */
  tokenizer: boolean;
  /** the name a base records, so vectors of another model are never mixed in */
  model: string;
}

export interface EmbedderDeps {
  settings: () => EmbedderSettings;
  server: EmbeddingServer;
  resolveLink: (id: string) => Promise<{ profile: { baseUrl: string }; apiKey: string | null }>;
  clock?: () => number;
  /** reads a model file's header before its server starts (default: checkEmbeddingModel) */
  checkModel?: (path: string) => Promise<EmbeddingModelCheck>;
}

export const TEST_TEXTS: [string, string] = ['The cat sat on the mat.', 'A kitten is resting on the rug.'];
/** compared with the first of TEST_TEXTS: an embedding model puts it much further away than the second */
export const UNRELATED_TEXT = 'Quarterly tax returns are due at the end of April.';

export class Embedder {
  private startedKey = '';
  /**
   * the start under way: callers that come meanwhile (two ingest lanes, a query) wait for it, since a second start
   * would supersede it
   */
  private starting: { key: string; endpoint: Promise<EmbeddingEndpoint> } | null = null;

  constructor(private readonly deps: EmbedderDeps) {}

  /** The endpoint to use now; starts the local server when needed and waits while it (re)starts. */
  async ready(signal: AbortSignal): Promise<ReadyEmbedder> {
    const settings = this.deps.settings();
    if (settings.kind === 'link') {
      if (!settings.linkId)
        throw new AppFailure('bad_request', 'no link endpoint is chosen for embeddings', { reason: 'no_embedder' });
      const { profile, apiKey } = await this.deps.resolveLink(settings.linkId);
      return {
        endpoint: { baseUrl: profile.baseUrl, apiKey: apiKey ?? '', model: settings.linkModel },
        tokenizer: false,
        model: this.model()!,
      };
    }
    if (!settings.modelPath)
      throw new AppFailure('bad_request', 'no embedding model is chosen', { reason: 'no_embedder' });
    // The acceptance is no server setting: recording it does not restart a server already running.
    const { acceptedChatModel, ...serverSettings } = settings;
    const key = JSON.stringify(serverSettings);
    const state = this.deps.server.status().state;
    const running = key === this.startedKey && (state === 'ready' || state === 'starting');
    if (!running && acceptedChatModel !== settings.modelPath) await this.refuseChatModel(settings.modelPath);
    const endpoint = running ? await this.deps.server.readyEndpoint(signal) : await this.start(settings, key);
    return { endpoint, tokenizer: true, model: basename(settings.modelPath) };
  }

  /** The model name a base records for the embedder chosen now; null where none is chosen. */
  model(): string | null {
    const settings = this.deps.settings();
    if (settings.kind === 'link') return settings.linkId ? settings.linkModel || settings.linkId : null;
    return settings.modelPath ? basename(settings.modelPath) : null;
  }

  status(): EmbedderStatus {
    const settings = this.deps.settings();
    if (settings.kind === 'link')
      return {
        kind: 'link',
        state: settings.linkId ? 'ready' : 'stopped',
        model: settings.linkModel || null,
        port: null,
        restarts: 0,
        error: null,
      };
    return this.deps.server.status();
  }

  /**
   * The Test button: the vector dimension, and the cosine similarity of two related sample texts beside that of two
   * unrelated ones, so the figure says whether the model tells them apart.
   */
  async test(signal: AbortSignal): Promise<EmbedderTestResult> {
    const clock = this.deps.clock ?? (() => performance.now());
    const embedder = await this.ready(signal);
    const started = clock();
    const [a, b, c] = await embedTexts(embedder.endpoint, [...TEST_TEXTS, UNRELATED_TEXT], signal);
    const similarity = cosineSimilarity(a!, b!);
    const unrelatedSimilarity = cosineSimilarity(a!, c!);
    return {
      model: embedder.model,
      dimension: a!.length,
      texts: TEST_TEXTS,
      similarity,
      unrelatedText: UNRELATED_TEXT,
      unrelatedSimilarity,
      separates: embedderSeparates(similarity, unrelatedSimilarity),
      ms: Math.round(clock() - started),
    };
  }

  async stop(): Promise<void> {
    this.startedKey = '';
    await this.deps.server.stop();
  }

  /**
   * Every way to the local server (the page's Start and Test, an ingest, a search, the chat's knowledge) comes here,
   * so a chat model is never started as the embedder unless the user insisted on that file. An unreadable header
   * goes on: the start says why.
   */
  private async refuseChatModel(path: string): Promise<void> {
    const check = await (this.deps.checkModel ?? checkEmbeddingModel)(path);
    if (check.verdict !== 'chat') return;
    throw new AppFailure('bad_request', `${basename(path)}: ${check.reason}`, {
      reason: 'embedder_is_chat_model',
      path,
      architecture: check.architecture ?? '',
      chatTemplate: check.chatTemplate,
    });
  }

  private start(settings: EmbedderSettings, key: string): Promise<EmbeddingEndpoint> {
    if (this.starting?.key === key) return this.starting.endpoint;
    this.startedKey = key;
    const endpoint = this.deps.server.start(settings).catch((error: unknown) => {
      this.startedKey = '';
      throw error;
    });
    this.starting = { key, endpoint };
    const done = () => {
      if (this.starting?.endpoint === endpoint) this.starting = null;
    };
    endpoint.then(done, done);
    return endpoint;
  }
}
