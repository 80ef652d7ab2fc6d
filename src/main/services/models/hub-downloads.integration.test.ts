// The hub client and downloads against a LOCAL STAND-IN of the Hugging Face API
// (src/test-support/hf): real HTTP, real redirects and Range requests, real
// GGUF bytes, and faults the real hub shows now and then (a cut connection, a
// damaged body, a stall).
import { mkdir, mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '@shared/errors';
import type { DownloadState } from '@shared/models/model-library';
import { startHubStandIn, type HubStandIn } from '@test-support/hf/hub-stand-in';
import { sampleModel, sampleProjector } from '@test-support/hf/gguf-samples';
import { testAssets } from '@test-support/test-assets';
import { openSettingsStore } from '../settings/settings-store';
import type { StatFs } from './disk-space';
import { createModelLibrary, type ModelLibrary } from './model-library-service';

const REPO = 'eva-test/Tiny-Llama-GGUF';
const TINY = 'tiny-llama-F16.gguf';
const SMALL = 'Q4_K_M/sample-Q4_K_M.gguf';

let hub: HubStandIn;
let tiny: Buffer;
let root: string;

beforeAll(async () => {
  tiny = await readFile(testAssets.tinyModel);
  root = await mkdtemp(join(tmpdir(), 'eva-hub-'));
  hub = await startHubStandIn(
    [
      {
        id: REPO,
        downloads: 500,
        likes: 7,
        lastModified: '2025-01-02T03:04:05.000Z',
        files: { [TINY]: tiny, [SMALL]: sampleModel({ fileType: 15 }), 'mmproj-tiny-f16.gguf': sampleProjector() },
      },
      {
        id: 'eva-test/Other-GGUF',
        downloads: 9000,
        likes: 1,
        files: { 'other-Q8_0.gguf': sampleModel({ fileType: 7 }) },
      },
      { id: 'someone/unrelated', downloads: 1, likes: 0, files: {} },
    ],
    { pageSize: 3 },
  );
});
afterAll(async () => hub.close());

interface Harness {
  library: ModelLibrary;
  folder: string;
  events: DownloadState[];
}

async function harness(options: { statfs?: StatFs } = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(root, 'data-'));
  const folder = join(dataDir, 'models');
  const settings = await openSettingsStore(dataDir, () => {});
  await settings.update({ models: { hubEndpoint: hub.baseUrl } });
  const events: DownloadState[] = [];
  const library = createModelLibrary({
    settings,
    defaultFolder: folder,
    homeDir: dataDir,
    emitDownload: (state) => events.push(state),
    machineRoom: async () => ({
      backend: 'cuda',
      gpus: [{ name: 'Test GPU', freeMiB: 4096, totalMiB: 8192, source: 'nvidia-smi' }],
      freeRamBytes: 8e9,
    }),
    statfs: options.statfs,
  });
  return { library, folder, events };
}

async function finished(h: Harness, file: string): Promise<DownloadState> {
  const started = await h.library.download({ repo: REPO, file });
  expect(started.phase).toBe('downloading');
  const end = await h.library.settled(started.id);
  if (!end) throw new Error('no such download');
  return end;
}

const cdnRequests = (file: string) =>
  hub.requests.filter(
    (r) => r.path.startsWith(`/cdn/`) && decodeURIComponent(r.path).includes(file.split('/').pop() ?? file),
  );

describe('hub client (stand-in hub)', () => {
  it('searches GGUF repositories, most downloaded first', async () => {
    const { library } = await harness();
    const { models } = await library.search('eva-test', 10);
    expect(models).toEqual([
      { id: 'eva-test/Other-GGUF', downloads: 9000, likes: 1, updatedAt: null },
      { id: REPO, downloads: 500, likes: 7, updatedAt: '2025-01-02T03:04:05.000Z' },
    ]);
    const sent = hub.requests.findLast((r) => r.path.startsWith('/api/models?'));
    expect(Object.fromEntries(new URL(sent?.path ?? '', 'http://x').searchParams)).toMatchObject({
      search: 'eva-test',
      filter: 'gguf',
      sort: 'downloads',
      limit: '10',
    });
  });

  it('lists only the .gguf files of every page of the tree, with size, sha256, quantization, fit and haveIt', async () => {
    const h = await harness();
    await mkdir(h.folder, { recursive: true });
    await writeFile(join(h.folder, 'mmproj-tiny-f16.gguf'), sampleProjector());
    const listing = await h.library.files(REPO);
    expect(listing.downloadFolder).toBe(h.folder);
    expect(listing.freeBytes).toBeGreaterThan(0);
    const byPath = new Map(listing.files.map((f) => [f.path, f]));
    expect([...byPath.keys()].sort()).toEqual([SMALL, 'mmproj-tiny-f16.gguf', TINY].sort());
    expect(byPath.get(TINY)).toMatchObject({
      sizeBytes: tiny.length,
      sha256: hub.sha256(REPO, TINY),
      quantization: 'F16',
      isProjector: false,
      haveIt: false,
    });
    expect(byPath.get(TINY)?.fit.kind).toBe('gpu');
    expect(byPath.get(SMALL)?.quantization).toBe('Q4_K_M');
    expect(byPath.get('mmproj-tiny-f16.gguf')).toMatchObject({ isProjector: true, haveIt: true });
    // The tree came in pages (Link: rel="next"), as the hub sends large repositories.
    expect(hub.requests.filter((r) => r.path.includes('/tree/main')).length).toBeGreaterThan(1);
  });

  it('fails with the status in words for a repository the hub does not have', async () => {
    const { library } = await harness();
    const error = await library.files('nobody/nothing').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppFailure);
    expect(error).toMatchObject({ code: 'endpoint_error', details: { status: 404 } });
    expect((error as Error).message).toContain('has no such repository or file (HTTP 404)');
  });

  it('says the hub cannot be reached when nothing answers', async () => {
    const dataDir = await mkdtemp(join(root, 'data-'));
    const settings = await openSettingsStore(dataDir, () => {});
    await settings.update({ models: { hubEndpoint: 'http://127.0.0.1:9' } });
    const library = createModelLibrary({
      settings,
      defaultFolder: join(dataDir, 'models'),
      homeDir: dataDir,
      emitDownload: () => {},
      machineRoom: async () => ({ backend: 'cpu', gpus: [], freeRamBytes: 1e9 }),
    });
    const error = await library.search('x').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'endpoint_error', details: { reason: 'network' } });
    expect((error as Error).message).toMatch(/^Could not reach the model hub at http:\/\/127\.0\.0\.1:9/);
  });
});

describe('downloads (stand-in hub)', () => {
  it('downloads through the redirect, checks the sha256 and moves the file into the library', async () => {
    const h = await harness();
    const end = await finished(h, TINY);
    expect(end).toMatchObject({
      phase: 'done',
      receivedBytes: tiny.length,
      totalBytes: tiny.length,
      resumedFrom: 0,
      error: null,
    });
    // Buffer.equals: toEqual walks 9 MB byte by byte for many seconds.
    expect((await readFile(join(h.folder, TINY))).equals(tiny)).toBe(true);
    expect(await readdir(h.folder)).toEqual([TINY]);
    expect(h.events.map((e) => e.phase)).toContain('verifying');
    expect(h.events.at(-1)?.phase).toBe('done');
    const listing = await h.library.list();
    expect(listing.models.map((m) => m.fileName)).toEqual([TINY]);
    expect((await h.library.files(REPO)).files.find((f) => f.path === TINY)?.haveIt).toBe(true);
    // A file already there is not downloaded over.
    expect(
      await h.library.download({ repo: REPO, file: TINY }).then(
        () => null,
        (e: unknown) => e,
      ),
    ).toMatchObject({ details: { reason: 'file_exists' } });
  });

  it('resumes after a cut connection with a Range request, and the result is byte-identical', async () => {
    const h = await harness();
    hub.fault(REPO, TINY, { kind: 'cut', afterBytes: 3_000_000 });
    const cut = await finished(h, TINY);
    expect(cut.phase).toBe('failed');
    expect(cut.error).toMatchObject({ code: 'endpoint_error', details: { reason: 'interrupted' } });
    expect(cut.error?.message).toContain('start it again to resume');
    const partSize = (await stat(join(h.folder, `${TINY}.part`))).size;
    expect(partSize).toBeGreaterThan(0);
    expect(partSize).toBeLessThan(tiny.length);

    const resumed = await finished(h, TINY);
    expect(resumed).toMatchObject({ phase: 'done', resumedFrom: partSize, receivedBytes: tiny.length });
    expect(cdnRequests(TINY).at(-1)?.range).toBe(`bytes=${partSize}-`);
    expect((await readFile(join(h.folder, TINY))).equals(tiny)).toBe(true);
    expect(await readdir(h.folder)).toEqual([TINY]);
  });

  it('starts over when the server ignores the Range and sends the whole file', async () => {
    const h = await harness();
    await mkdir(h.folder, { recursive: true });
    await writeFile(join(h.folder, `${TINY}.part`), tiny.subarray(0, 1000));
    hub.fault(REPO, TINY, { kind: 'ignore-range' });
    const end = await finished(h, TINY);
    expect(end).toMatchObject({ phase: 'done', resumedFrom: 0 });
    expect((await readFile(join(h.folder, TINY))).equals(tiny)).toBe(true);
  });

  it('deletes the part and fails in words when the checksum does not match', async () => {
    const h = await harness();
    hub.fault(REPO, SMALL, { kind: 'corrupt' });
    const end = await finished(h, SMALL);
    expect(end.phase).toBe('failed');
    expect(end.error).toMatchObject({
      code: 'model_invalid',
      details: { reason: 'checksum_mismatch', expected: hub.sha256(REPO, SMALL) },
    });
    expect(end.error?.message).toContain("does not match the hub's checksum");
    expect(await readdir(h.folder)).toEqual([]);
  });

  it('cancels a running download and keeps the part for a later resume', async () => {
    const h = await harness();
    hub.fault(REPO, TINY, { kind: 'stall', afterBytes: 1_000_000 });
    const started = await h.library.download({ repo: REPO, file: TINY });
    await hub.stalled();
    // The stalled bytes reach the part file shortly after the stand-in has sent them.
    const part = join(h.folder, `${TINY}.part`);
    for (let i = 0; i < 100 && ((await stat(part).catch(() => null))?.size ?? 0) < 1_000_000; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(h.library.downloads().downloads.find((d) => d.id === started.id)?.phase).toBe('downloading');
    expect(h.library.cancel(started.id)).toEqual({ cancelled: true });
    const end = await h.library.settled(started.id);
    expect(end?.phase).toBe('cancelled');
    expect((await stat(part)).size).toBe(1_000_000);
    expect(await readdir(h.folder)).toEqual([`${TINY}.part`]);
    expect(h.library.cancel(started.id)).toEqual({ cancelled: false });
    // The part is not offered as a model.
    expect((await h.library.list()).models).toEqual([]);
    const resumed = await finished(h, TINY);
    expect(resumed).toMatchObject({ phase: 'done', resumedFrom: 1_000_000 });
    expect((await readFile(join(h.folder, TINY))).equals(tiny)).toBe(true);
  });

  it('refuses to start when the disk has too little room, before any byte is fetched', async () => {
    const h = await harness({ statfs: async () => ({ bavail: 1000, bsize: 4096 }) });
    const before = cdnRequests(TINY).length;
    const error = await h.library.download({ repo: REPO, file: TINY }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppFailure);
    expect(error).toMatchObject({
      code: 'bad_request',
      details: { reason: 'disk_full', neededBytes: tiny.length, freeBytes: 4_096_000 },
    });
    expect((error as Error).message).toContain('it needs 9.1 MB, 4.1 MB free');
    expect(cdnRequests(TINY).length).toBe(before);
    expect(h.library.downloads().downloads).toEqual([]);
  });

  it('refuses a file the repository does not have', async () => {
    const h = await harness();
    expect(
      await h.library.download({ repo: REPO, file: 'nope.gguf' }).then(
        () => null,
        (e: unknown) => e,
      ),
    ).toMatchObject({ code: 'not_found' });
  });
});
