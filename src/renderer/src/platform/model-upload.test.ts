// The browser host's upload over a fake XMLHttpRequest: the address with the page's
// token, progress, the core's answer, a refusal that is not JSON, a lost connection, Cancel.
import { describe, expect, it } from 'vitest';
import { createModelUpload, parseUploadAnswer, uploadUrl, type XhrLike } from './model-upload';

class FakeXhr implements XhrLike {
  method = '';
  url = '';
  body: Blob | null = null;
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  aborted = false;
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: Blob): void {
    this.body = body;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string): void {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

function start(signal = new AbortController().signal) {
  const xhr = new FakeXhr();
  const progress: Array<[number, number]> = [];
  const file = new File([new Uint8Array(10)], 'my model.gguf');
  const done = createModelUpload({ token: 't/k', createXhr: () => xhr }).upload(file, {
    signal,
    onProgress: (s, t) => progress.push([s, t]),
  });
  return { xhr, progress, done, file };
}

describe('model upload', () => {
  it('PUTs the file to the upload path with the token and name escaped, reporting progress', async () => {
    const { xhr, progress, done, file } = start();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/models/upload?token=t%2Fk&name=my%20model.gguf');
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ loaded: 4, total: 10, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 7, total: 0, lengthComputable: false });
    xhr.answer(200, JSON.stringify({ ok: true, value: { path: '/m/my model.gguf' } }));
    expect(await done).toEqual({ ok: true, value: { path: '/m/my model.gguf' } });
    expect(progress).toEqual([
      [4, 10],
      [7, 10],
    ]);
  });

  it("passes the core's error on, and words a reply that is not JSON with its status", async () => {
    const { xhr, done } = start();
    xhr.answer(400, JSON.stringify({ ok: false, error: { code: 'bad_request', message: 'only .gguf files' } }));
    expect(await done).toEqual({ ok: false, error: { code: 'bad_request', message: 'only .gguf files' } });
    expect(parseUploadAnswer(413, '<html>too large</html>')).toEqual({
      ok: false,
      error: { code: 'internal', message: 'upload refused (HTTP 413)', details: { status: 413 } },
    });
  });

  it('a lost connection is an error; Cancel aborts the request and says so', async () => {
    const lost = start();
    lost.xhr.onerror?.();
    expect((await lost.done).ok).toBe(false);
    const abort = new AbortController();
    const cancelled = start(abort.signal);
    abort.abort();
    expect(cancelled.xhr.aborted).toBe(true);
    const result = await cancelled.done;
    expect(!result.ok && result.error.details?.cancelled).toBe(true);
    expect(uploadUrl('', 'a&b.gguf')).toBe('/models/upload?token=&name=a%26b.gguf');
  });
});
