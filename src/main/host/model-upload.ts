// The browser host's drop target (MODEL_UPLOAD_PATH): a page with no file paths
// sends a dropped `.gguf` as the raw body of a PUT. The page's token is checked
// exactly as for `/session`; the name must be a plain `.gguf` file name; the
// length must be announced (the free-space check needs it). Storing the bytes is
// the model library's job; this answers with the contract's JSON Result.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppFailure, toAppError, type AppError, type Result } from '@shared/errors';
import { checkModelFileName } from '@shared/models/gguf-file-names';
import type { ModelUploadSink } from '../services/models/model-library-service';
import { checkRequest, type GuardConfig } from './request-guard';

const STATUS_BY_CODE: Partial<Record<AppError['code'], number>> = {
  bad_request: 400,
  forbidden: 403,
  not_found: 404,
  already_running: 409,
};

export async function handleModelUpload(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  guard: GuardConfig,
  sink: ModelUploadSink | undefined,
): Promise<void> {
  const verdict = checkRequest(req.headers, url, guard, { requireOrigin: false });
  if (!verdict.ok)
    return answer(
      res,
      403,
      failure(
        'forbidden',
        `The upload was refused (${verdict.reason}); reload the page from the address EVA printed at start.`,
      ),
    );
  if (req.method !== 'PUT') return answer(res, 405, failure('bad_request', 'Models are added with PUT.'));
  if (!sink) return answer(res, 404, failure('not_found', 'This host does not take dropped models.'));
  const name = url.searchParams.get('name') ?? '';
  const check = checkModelFileName(name);
  if (!check.ok) return answer(res, 400, failure('bad_request', check.reason, { reason: 'bad_name', name }));
  const length = Number(req.headers['content-length']);
  if (req.headers['content-length'] === undefined || !Number.isSafeInteger(length) || length <= 0) {
    return answer(
      res,
      411,
      failure('bad_request', 'The upload did not say its size (Content-Length); drop the file again.', {
        reason: 'no_length',
      }),
    );
  }
  try {
    const value = await sink.receiveUpload(name, req, length);
    answer(res, 200, { ok: true, value });
  } catch (error) {
    const appError = toAppError(error);
    const status = appError.details?.reason === 'disk_full' ? 507 : (STATUS_BY_CODE[appError.code] ?? 500);
    answer(res, status, { ok: false, error: appError });
  }
}

function failure(code: AppError['code'], message: string, details?: Record<string, unknown>): Result<never> {
  return { ok: false, error: toAppError(new AppFailure(code, message, details)) };
}

function answer(res: ServerResponse, status: number, result: Result<unknown>): void {
  if (res.headersSent || res.destroyed) return;
  // A refused upload may still be sending gigabytes: close the connection instead of reading them.
  const close = status !== 200 && !res.req.complete;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(close ? { Connection: 'close' } : {}),
  });
  res.end(JSON.stringify(result));
}
