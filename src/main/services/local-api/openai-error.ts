// The errors the Local API answers, in the shape OpenAI's clients read:
// `{ error: { message, type, code } }` with the matching HTTP status, so a
// client shows the reason instead of a parse failure.

export type ApiErrorCode =
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'revoked_api_key'
  | 'model_not_allowed'
  | 'model_not_found'
  | 'no_model_loaded'
  | 'invalid_request'
  | 'not_found'
  | 'queue_full'
  | 'upstream_unreachable'
  | 'upstream_error';

export interface ApiError {
  status: number;
  body: { error: { message: string; type: string; code: ApiErrorCode; param: string | null } };
  headers: Record<string, string>;
}

const STATUS_AND_TYPE: Record<ApiErrorCode, [number, string]> = {
  missing_api_key: [401, 'invalid_request_error'],
  invalid_api_key: [401, 'invalid_request_error'],
  revoked_api_key: [401, 'invalid_request_error'],
  model_not_allowed: [403, 'permission_error'],
  model_not_found: [404, 'invalid_request_error'],
  no_model_loaded: [503, 'server_error'],
  invalid_request: [400, 'invalid_request_error'],
  not_found: [404, 'invalid_request_error'],
  queue_full: [429, 'rate_limit_error'],
  upstream_unreachable: [502, 'server_error'],
  upstream_error: [502, 'server_error'],
};

export function apiError(
  code: ApiErrorCode,
  message: string,
  options: { param?: string; retryAfterSeconds?: number } = {},
): ApiError {
  const [status, type] = STATUS_AND_TYPE[code];
  const headers: Record<string, string> = {};
  if (options.retryAfterSeconds !== undefined) headers['Retry-After'] = String(options.retryAfterSeconds);
  return { status, headers, body: { error: { message, type, code, param: options.param ?? null } } };
}
