// The drop target on a real browser host over real HTTP: PUT a `.gguf` with the
// page's token, and the refusals (wrong token, bad name, no length, a different
// file of that name, a cut-off body) that must leave no model behind.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODEL_UPLOAD_PATH } from '@shared/models/model-library';
import { sampleModel } from '@test-support/hf/gguf-samples';
import { createCore, type Core } from '../core';
import { startBrowserHost, type BrowserHost } from './browser-host';

let core: Core;
let host: BrowserHost;
let modelsDir: string;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-upload-'));
  const rendererDir = await mkdtemp(join(tmpdir(), 'eva-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>EVA</title>');
  core = await createCore({
    host: 'browser',
    version: '0.0.0',
    dataDir,
    binDirs: [join(dataDir, 'no-bin')],
    systemLanguage: 'en',
  });
  host = await startBrowserHost({
    handlers: core.handlers,
    events: core.events,
    rendererDir,
    port: 0,
    modelUploads: core.models,
  });
  modelsDir = join(dataDir, 'models');
});

afterAll(async () => {
  await host.close();
  await core.dispose();
});

interface Answer {
  status: number;
  body: {
    ok: boolean;
    value?: { path: string };
    error?: { code: string; message: string; details?: Record<string, unknown> };
  };
}

function put(query: Record<string, string>, body: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const path = `${MODEL_UPLOAD_PATH}?${new URLSearchParams(query)}`;
    // An empty content-length means "send none" (a chunked body).
    const all = Object.fromEntries(
      Object.entries({ host: `127.0.0.1:${host.port}`, 'content-length': String(body.length), ...headers }).filter(
        ([, v]) => v !== '',
      ),
    );
    const req = request({ host: '127.0.0.1', port: host.port, method: 'PUT', path, headers: all }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const model = sampleModel({ name: 'Dropped', fileType: 15 });

describe('model drop target', () => {
  it('stores a dropped .gguf in the download folder, where the library lists it', async () => {
    const answer = await put({ token: host.token, name: 'dropped-Q4_K_M.gguf' }, model, {
      origin: `http://127.0.0.1:${host.port}`,
    });
    expect(answer).toEqual({
      status: 200,
      body: { ok: true, value: { path: join(modelsDir, 'dropped-Q4_K_M.gguf') } },
    });
    expect((await readFile(join(modelsDir, 'dropped-Q4_K_M.gguf'))).equals(model)).toBe(true);
    const listing = await core.handlers['models:list'](undefined);
    expect(listing.models.find((m) => m.fileName === 'dropped-Q4_K_M.gguf')).toMatchObject({
      name: 'Dropped',
      quantization: 'Q4_K_M',
      problem: null,
    });
    // The same file again is fine; a different one under that name is refused.
    expect((await put({ token: host.token, name: 'dropped-Q4_K_M.gguf' }, model)).status).toBe(200);
    const other = await put(
      { token: host.token, name: 'dropped-Q4_K_M.gguf' },
      sampleModel({ name: 'Other', fileType: 15 }),
    );
    expect(other.status).toBe(400);
    expect(other.body.error?.details).toMatchObject({ reason: 'name_taken' });
    expect((await readFile(join(modelsDir, 'dropped-Q4_K_M.gguf'))).equals(model)).toBe(true);
  });

  it('refuses a wrong or missing token and a foreign page, like the page session', async () => {
    const queries: Record<string, string>[] = [
      { token: 'wrong', name: 'a.gguf' },
      { name: 'a.gguf' },
      { token: `${host.token}x`, name: 'a.gguf' },
    ];
    for (const query of queries) {
      const answer = await put(query, model);
      expect(answer.status).toBe(403);
      expect(answer.body.error?.code).toBe('forbidden');
    }
    expect((await put({ token: host.token, name: 'a.gguf' }, model, { origin: 'http://evil.example' })).status).toBe(
      403,
    );
    expect(await readdir(modelsDir)).not.toContain('a.gguf');
  });

  it('refuses names that are not plain .gguf file names, and bodies of unknown size', async () => {
    for (const name of ['notes.txt', '../escape.gguf', 'sub/dir.gguf', '.hidden.gguf', '']) {
      const answer = await put({ token: host.token, name }, model);
      expect(answer.status, name).toBe(400);
    }
    const chunked = await put({ token: host.token, name: 'chunked.gguf' }, model, {
      'transfer-encoding': 'chunked',
      'content-length': '',
    });
    expect(chunked.status).toBe(411);
    expect(await readdir(modelsDir)).toEqual(['dropped-Q4_K_M.gguf']);
  });

  it('leaves neither a .gguf nor a part behind when the upload is cut off', async () => {
    await new Promise<void>((resolve) => {
      const path = `${MODEL_UPLOAD_PATH}?${new URLSearchParams({ token: host.token, name: 'cut.gguf' })}`;
      const req = request({
        host: '127.0.0.1',
        port: host.port,
        method: 'PUT',
        path,
        headers: { host: `127.0.0.1:${host.port}`, 'content-length': String(model.length * 10) },
      });
      req.on('error', () => resolve());
      req.write(model, () => setTimeout(() => req.destroy(), 100));
      req.on('close', () => resolve());
    });
    // The host notices the cut and cleans up on its own time.
    await vi.waitFor(async () => expect(await readdir(modelsDir)).toEqual(['dropped-Q4_K_M.gguf']), {
      timeout: 10_000,
    });
  });
});
