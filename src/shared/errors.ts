/** Every failure that crosses a process boundary, as data. */
export type ErrorCode =
  | 'bad_request'
  | 'unknown_channel'
  | 'forbidden'
  | 'not_found'
  | 'model_missing'
  | 'model_unreadable'
  | 'model_invalid'
  | 'backend_missing'
  | 'backend_not_executable'
  | 'backend_failed'
  | 'port_invalid'
  | 'ready_timeout'
  | 'server_crashed'
  | 'settings_corrupt'
  | 'no_model_loaded'
  | 'link_not_found'
  | 'endpoint_error'
  | 'no_display'
  | 'capture_failed'
  | 'already_running'
  | 'backend_starting'
  | 'internal';

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

export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) {
    return error.details === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, details: error.details };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message };
}

/** Result of a contract call: success value or an AppError, never a thrown exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };
