// How the knowledge base embeds, cuts and retrieves: the `knowledge` section of
// settings.json. Vectors never live here (they are in the knowledge database).
import { z } from 'zod';

/** Where vectors come from: a second llama-server in embedding mode, or a link endpoint's /v1/embeddings. */
export const EmbedderSettingsSchema = z.object({
  kind: z.enum(['local', 'link']),
  /** the embedding GGUF for the local server */
  modelPath: z.string().max(4096),
  /** 'auto': the GGUF's own pooling, or mean where it names none (llama-server refuses `none` on /v1/embeddings) */
  pooling: z.enum(['auto', 'mean', 'cls', 'last', 'rank']),
  /** the link profile whose /v1/embeddings is used */
  linkId: z.string().max(100),
  /** the model name sent to a link endpoint */
  linkModel: z.string().max(200),
  contextSize: z.number().int().min(128).max(131_072),
  /**
   * the model file the user chose "Start anyway" for, though its header shows a chat model; '' where none. Kept in
   * settings, not for the session only: the files left queued resume at the next launch, and a choice made knowingly
   * should not stop them to ask again. It names the path, so choosing another chat model asks afresh.
   */
  acceptedChatModel: z.string().max(4096),
});
export type EmbedderSettings = z.infer<typeof EmbedderSettingsSchema>;

export const KnowledgeSettingsSchema = z.object({
  embedder: EmbedderSettingsSchema,
  /** tokens per passage and tokens shared by neighbours */
  passageTokens: z.number().int().min(16).max(8192),
  overlapTokens: z.number().int().min(0).max(4096),
  /** passages the `knowledge` tool and the composer toggle return */
  topN: z.number().int().min(1).max(50),
  /** passages embedded per /v1/embeddings request */
  batchSize: z.number().int().min(1).max(256),
  /** files larger than this are refused with `file_too_large` */
  maxFileMb: z.number().int().min(1).max(4096),
  /** the composer toggle: a plain chat gets the cited passages in its prompt */
  useInChat: z.boolean(),
  /** which bases the tool and the toggle search; empty: all */
  activeBaseIds: z.array(z.string().max(100)).max(100),
});
export type KnowledgeSettings = z.infer<typeof KnowledgeSettingsSchema>;

export function defaultKnowledgeSettings(): KnowledgeSettings {
  return {
    embedder: {
      kind: 'local',
      modelPath: '',
      pooling: 'auto',
      linkId: '',
      linkModel: '',
      contextSize: 2048,
      acceptedChatModel: '',
    },
    passageTokens: 256,
    overlapTokens: 32,
    topN: 5,
    batchSize: 32,
    maxFileMb: 64,
    useInChat: false,
    activeBaseIds: [],
  };
}
