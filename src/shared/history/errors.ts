// Failures of the history store, as data. The contract's ErrorCode has no
// history codes yet, so each maps onto the nearest existing code and carries
// its precise one in `details.historyCode` for the UI to word the message.
import { AppFailure, type ErrorCode } from '../errors';

export type HistoryErrorCode =
  /** a write failed (disk full, read-only folder, permissions); nothing already saved was touched */
  | 'history_write_failed'
  /** the conversation was written by a newer EVA and is opened read-only */
  | 'history_read_only'
  | 'history_not_found'
  /** a conversation's files exist but cannot be read (permissions, I/O error) */
  | 'history_unreadable'
  /** an import file is neither our JSON export nor an OpenAI `messages` array */
  | 'history_bad_import'
  /** a call that makes no sense (unknown parent, bad id, unknown stream) */
  | 'history_bad_request';

const APP_CODE: Record<HistoryErrorCode, ErrorCode> = {
  history_write_failed: 'internal',
  history_read_only: 'forbidden',
  history_not_found: 'not_found',
  history_unreadable: 'internal',
  history_bad_import: 'bad_request',
  history_bad_request: 'bad_request',
};

export function historyFailure(
  code: HistoryErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): AppFailure {
  return new AppFailure(APP_CODE[code], message, { ...details, historyCode: code });
}

export function historyCodeOf(error: unknown): HistoryErrorCode | undefined {
  if (!(error instanceof AppFailure)) return undefined;
  const code = error.details?.historyCode;
  return typeof code === 'string' && code in APP_CODE ? (code as HistoryErrorCode) : undefined;
}
