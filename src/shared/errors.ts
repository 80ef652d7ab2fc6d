import type { ChatErrorCode } from './chat/types';
import { NETWORK_REASONS } from './error-causes';
import { INPUT_REASONS } from './input-issue';

/**
 * Every code an AppError can carry: the one list the UI's words are checked against
 * (a code added here without an English and a Chinese sentence fails app-error-text.test).
 */
export const ERROR_CODES = [
  'bad_request',
  'unknown_channel',
  'forbidden',
  'not_found',
  'model_missing',
  'model_unreadable',
  'model_invalid',
  'backend_missing',
  'backend_not_executable',
  'backend_failed',
  'port_invalid',
  'ready_timeout',
  'server_crashed',
  'settings_corrupt',
  'no_model_loaded',
  'link_not_found',
  'endpoint_error',
  'no_display',
  'capture_failed',
  'already_running',
  'backend_starting',
  /** a side binary (sd-cli) or a job ran out of memory */
  'out_of_memory',
  /** a write failed for lack of disk space */
  'disk_full',
  'internal',
] as const;

/** Every failure that crosses a process boundary, as data. */
export type ErrorCode = (typeof ERROR_CODES)[number];

// A Record over the union: a ChatErrorCode added in chat/types.ts without a place here does not compile.
const CHAT_CODES: Record<ChatErrorCode, true> = {
  http_error: true,
  context_exceeded: true,
  not_sse: true,
  truncated: true,
  bad_json: true,
  bad_chunk: true,
  server_error: true,
  idle_timeout: true,
  network: true,
  too_large: true,
};

/** Why a streamed answer failed (ChatError.code), as a list. */
export const CHAT_ERROR_CODES = Object.keys(CHAT_CODES) as ChatErrorCode[];

/**
 * Codes the history saves on a failed answer (`StoredMessage.error.code`) that are
 * neither contract nor stream codes: a request that threw before a stream began,
 * and an agent run that ended in error without a failed model call.
 */
export const SAVED_ANSWER_ERROR_CODES = ['request_failed', 'agent_error'] as const;
export type SavedAnswerErrorCode = (typeof SAVED_ANSWER_ERROR_CODES)[number];

/**
 * The precise history failure an AppError can carry in `details.historyCode`: the
 * HistoryErrorCode union of shared/history/errors.ts, which imports this file, so the
 * list is spelt out here and app-error-text.test checks that the two agree.
 */
export const HISTORY_ERROR_CODES = [
  'history_write_failed',
  'history_read_only',
  'history_not_found',
  'history_unreadable',
  'history_bad_import',
  'history_bad_request',
] as const;
export type HistoryDetailCode = (typeof HISTORY_ERROR_CODES)[number];

/** Every code a failure shown to the user can carry: contract calls, streamed and saved answers, history details. */
export const USER_ERROR_CODES: readonly (ErrorCode | ChatErrorCode | SavedAnswerErrorCode | HistoryDetailCode)[] = [
  ...ERROR_CODES,
  ...CHAT_ERROR_CODES,
  ...SAVED_ANSWER_ERROR_CODES,
  ...HISTORY_ERROR_CODES,
];

/**
 * Every `details.reason` the UI words as `error.reason.<reason>`, whatever code it travels under: the one list
 * app-error-text.test walks in both languages, and checks against the `reason:` literals in the core's source.
 */
export const ERROR_REASONS = [
  // the model library and its downloads
  'disk_full',
  'checksum_mismatch',
  'interrupted',
  'too_long',
  'bad_range',
  'model_too_large',
  'empty_body',
  'network',
  'hub_status',
  'hub_url_empty',
  'hub_url_invalid',
  'hub_url_scheme',
  'hub_url_credentials',
  'workspace_not_absolute',
  'already_downloading',
  'already_uploading',
  'file_exists',
  'name_taken',
  'bad_name',
  'no_length',
  'no_such_file',
  'write_failed',
  'folder_missing',
  'not_a_folder',
  'folder_unreadable',
  'not_absolute',
  'download_folder_not_in_library',
  // a folder the Settings page opens in the file manager (app:open-folder)
  'open_folder_not_shown',
  'open_folder_missing',
  'open_folder_no_opener',
  'open_folder_failed',
  'open_folder_refused',
  // a file that is not a usable GGUF (model_invalid)
  'not_gguf',
  'gguf_truncated',
  'gguf_over_limit',
  // a draft model for speculative decoding (backend/gguf/draft-vocabulary.ts)
  'draft_not_chosen',
  'draft_missing',
  'draft_tokenizer_differs',
  'draft_vocab_size_differs',
  'draft_token_differs',
  'draft_special_only_model',
  'draft_special_only_draft',
  'draft_special_differs',
  // a JSON schema an answer must fit (services/chat/structured-answer.ts): not usable, or refused by the server
  'schema_invalid',
  'schema_rejected',
  // compacting a conversation (shared/chat/send-summary.ts): nothing before the last exchanges, or the summary failed
  'nothing_to_summarise',
  'summary_failed',
  // a local RPC worker, voice recordings, the knowledge base
  'port_taken',
  'audio_invalid',
  'recording_incomplete',
  'no_base',
  'no_passage',
  'relative_path',
  'knowledge_unavailable',
  'embedder_is_chat_model',
  // Read aloud's neural voice (services/voice/tts): the files of a voice, the sentence queue, llama-tts runs
  'tts_not_tts_model',
  'tts_mmproj_missing',
  'tts_mmproj_mismatch',
  'tts_speaker_required',
  'tts_busy',
  'tts_stopped',
  'tts_timeout',
  'tts_failed',
  'tts_binary_missing',
  // causes found by shared/error-causes.ts: a program not installed, a network errno
  'binary_not_found',
  ...NETWORK_REASONS,
  // a JSON file that does not parse (mcp.json), and a schema check (shared/input-issue.ts)
  'json_syntax',
  ...INPUT_REASONS,
  // the MCP configuration's own checks (shared/mcp/mcp-config.ts)
  'mcp_url',
  'mcp_server_not_object',
  'mcp_server_both',
  'mcp_server_neither',
  'mcp_too_many_servers',
  'mcp_server_name',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The error shape every contract call can answer with. */
export interface AppError {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** An Error that carries an AppError, so services can `throw` and hosts can serialise. */
export class AppFailure extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppFailure';
    this.code = code;
    this.details = details;
  }
}

/** The message of a thrown value, whatever was thrown. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) {
    return error.details === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, details: error.details };
  }
  const message = errorText(error);
  return { code: 'internal', message };
}

/** Result of a contract call: success value or an AppError, never a thrown exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };
