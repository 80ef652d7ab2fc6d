// What the Local API (EVA as the OpenAI-compatible server for the user's other
// programs) says about itself: its settings, keys, state and request log.
import { z } from 'zod';

/** The range a first start picks its port from; the chosen port is kept from then on. */
export const LOCAL_API_PORT_RANGE = { first: 41_400, last: 41_499 } as const;

export const LocalApiSettingsSchema = z.object({
  /** serve while the app runs */
  enabled: z.boolean(),
  /** null until the first start chooses a free port in LOCAL_API_PORT_RANGE */
  port: z.number().int().min(1024).max(65_535).nullable(),
  /** bind 0.0.0.0 instead of 127.0.0.1: other machines can reach it (keys still required) */
  network: z.boolean(),
  /** answer browsers' cross-origin requests from these origins; empty: CORS off */
  corsOrigins: z.array(z.string().min(1).max(300)).max(50),
  /** requests waiting beyond the parallel ones; one more is answered 429 */
  queueLimit: z.number().int().min(0).max(1000),
  /** keep request and response bodies in the log (off: figures only) */
  keepBodies: z.boolean(),
  /** link profiles the user shares through the API (their keys stay in EVA) */
  sharedLinks: z.array(z.string().min(1).max(100)).max(100),
});
export type LocalApiSettings = z.infer<typeof LocalApiSettingsSchema>;

export const DEFAULT_LOCAL_API_SETTINGS: LocalApiSettings = {
  enabled: false,
  port: null,
  network: false,
  corsOrigins: [],
  queueLimit: 16,
  keepBodies: false,
  sharedLinks: [],
};

/** One API key as the page sees it: never the key itself after it was created. */
export interface LocalApiKeyInfo {
  id: string;
  name: string;
  /** model names this key may use; empty: every model */
  allowedModels: string[];
  createdAt: number;
  revokedAt: number | null;
}

/** One request through the Local API. */
export interface LocalApiLogEntry {
  id: number;
  startedAt: number;
  /** the key's name, null when no valid key was sent */
  keyName: string | null;
  method: string;
  path: string;
  model: string | null;
  status: number;
  durationMs: number;
  promptTokens: number | null;
  completionTokens: number | null;
  /** kept only with settings.keepBodies */
  requestBody?: string;
  responseBody?: string;
}

/** The figures of one key over the log kept. */
export interface LocalApiKeyTotals {
  keyName: string;
  requests: number;
  promptTokens: number;
  completionTokens: number;
}

/** What the page's Test found: the server asked as a client would, with a key. */
export interface LocalApiTestResult {
  ok: boolean;
  /** the model names GET /v1/models answered */
  models: string[];
  /** the loaded model's answer to a tiny chat; absent when no model is loaded */
  reply?: string;
  /** the step that failed, its HTTP status (null: no answer came) and the server's message */
  error?: { step: 'models' | 'chat'; status: number | null; message: string };
  durationMs: number;
}

export interface LocalApiStatus {
  state: 'stopped' | 'running' | 'error';
  /** http://127.0.0.1:<port>/v1 while running */
  baseUrl: string | null;
  host: string | null;
  port: number | null;
  error: string | null;
  /** requests answering now, the most that may, and those waiting */
  inFlight: number;
  maxInFlight: number;
  queued: number;
  settings: LocalApiSettings;
}
