// Build failures as data: a code a caller can branch on, and the log tail that
// explains it, so `npm start` and `npm test` can show the same thing the CLI does.
import type { BackendKind } from '@shared/contract';

export type BackendBuildErrorCode =
  | 'toolkit-missing'
  | 'source-unavailable'
  | 'configure-failed'
  | 'compile-failed'
  | 'binary-missing'
  | 'install-failed'
  | 'smoke-failed'
  | 'aborted';

export interface BackendBuildErrorDetails {
  backend: BackendKind;
  /** the full cmake log, when the failure happened in cmake */
  logFile?: string;
  /** its last lines, already read, for printing */
  logTail?: string[];
  exitCode?: number | null;
}

export class BackendBuildError extends Error {
  override readonly name = 'BackendBuildError';

  constructor(
    readonly code: BackendBuildErrorCode,
    message: string,
    readonly details: BackendBuildErrorDetails,
  ) {
    super(message);
  }
}
