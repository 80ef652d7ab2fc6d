// The Local API's part of the contract: EVA's OpenAI-compatible server for the
// user's other programs (its state, settings, keys and request log).
import { z } from 'zod';
import { channel, emptyInput, idRef } from '../contract-parts';
import {
  LocalApiSettingsSchema,
  type LocalApiKeyInfo,
  type LocalApiKeyTotals,
  type LocalApiLogEntry,
  type LocalApiStatus,
  type LocalApiTestResult,
} from './local-api-types';

const SettingsPatchSchema = LocalApiSettingsSchema.partial().strict();
const KeyCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    allowedModels: z.array(z.string().min(1).max(300)).max(100).default([]),
  })
  .strict();
const LogEntryRefSchema = z.object({ id: z.number().int().min(1) }).strict();
/** a key the user holds (the one just created); without one the test makes a temporary key of its own */
const TestSchema = z.object({ key: z.string().min(1).max(200).optional() }).strict();

export const localApiChannels = {
  'local-api:status': channel<typeof emptyInput, LocalApiStatus>(emptyInput),
  /** Serve now (and at every start): settings.enabled on; a port is chosen once and kept. */
  'local-api:start': channel<typeof emptyInput, LocalApiStatus>(emptyInput),
  'local-api:stop': channel<typeof emptyInput, LocalApiStatus>(emptyInput),
  /** Change some settings; a running server restarts when its port, host or origins change. */
  'local-api:settings': channel<typeof SettingsPatchSchema, LocalApiStatus>(SettingsPatchSchema),
  'local-api:keys': channel<typeof emptyInput, { keys: LocalApiKeyInfo[] }>(emptyInput),
  /** A new key: the only time the full key is answered; the core keeps only its sealed hash. */
  'local-api:key-create': channel<typeof KeyCreateSchema, { key: LocalApiKeyInfo; secret: string }>(KeyCreateSchema),
  /** Revoke a key: later requests with it are answered 401. */
  'local-api:key-revoke': channel<typeof idRef, { key: LocalApiKeyInfo }>(idRef),
  'local-api:log': channel<typeof emptyInput, { entries: LocalApiLogEntry[]; totals: LocalApiKeyTotals[] }>(emptyInput),
  /** One log entry with its bodies where they were kept (the log and its event leave them out). */
  'local-api:log-entry': channel<typeof LogEntryRefSchema, { entry: LocalApiLogEntry }>(LogEntryRefSchema),
  /** Ask the running server as a client would: GET /v1/models, then a tiny chat when a model is loaded. */
  'local-api:test': channel<typeof TestSchema, LocalApiTestResult>(TestSchema),
} as const;

export interface LocalApiEventPayloads {
  /** the server's status after a start, stop, settings change or a request starting or ending */
  'local-api:state': LocalApiStatus;
  /** a request answered (its log entry, without bodies) */
  'local-api:request': LocalApiLogEntry;
}

export const LOCAL_API_EVENT_NAMES: Record<keyof LocalApiEventPayloads, true> = {
  'local-api:state': true,
  'local-api:request': true,
};
