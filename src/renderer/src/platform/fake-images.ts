// The image channels of the in-memory platform: an sd-cli "found" unless the
// options say there is none, a generation that takes one tick per step with
// progress events and gives a 1×1 PNG, Cancel, a gallery in memory, and
// "into the chat" answered with ids only (the fake history keeps no pictures).
import type { EventName, EventPayloads } from '@shared/contract';
import type { imageChannels } from '@shared/images/image-contract';
import { missingModelFiles } from '@shared/images/image-templates';
import type { GeneratedImage, ImageEngineStatus } from '@shared/images/image-types';
import type { Timers } from '../lib/timers';
import type { FakeHandler } from './fake-handler';

type ImageChannel = keyof typeof imageChannels;

/** A 1×1 grey PNG. */
export const FAKE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==';

export interface FakeImagesOptions {
  /** false: no sd-cli anywhere (the page shows how to get one) */
  sdCli?: boolean;
  /** milliseconds per sampling step of a fake generation (default 20) */
  imageTickMs?: number;
}

export function createFakeImages(deps: {
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  timers: Timers;
  now: () => number;
  newId: () => string;
  options: FakeImagesOptions;
}): { [C in ImageChannel]: FakeHandler<C> } {
  const tick = deps.options.imageTickMs ?? 20;
  const gallery: GeneratedImage[] = [];
  let running: { jobId: string; stop: () => void } | null = null;
  const status = (): ImageEngineStatus =>
    deps.options.sdCli === false
      ? { cli: null, searched: ['/opt/eva/bin/cpu/sd-cli', '/usr/bin/sd-cli'], build: null }
      : {
          cli: { path: '/opt/eva/bin/cpu/sd-cli', where: 'bin', version: 'master-97d2990' },
          searched: ['/opt/eva/bin/cpu/sd-cli'],
          build: null,
        };
  const fail = (
    code: 'backend_missing' | 'bad_request' | 'already_running' | 'backend_failed' | 'not_found',
    message: string,
    reason?: string,
  ) => ({ ok: false as const, error: { code, message, ...(reason ? { details: { reason } } : {}) } });

  return {
    'image:status': () => ({ ok: true, value: status() }),
    'image:generate': (input) => {
      if (deps.options.sdCli === false) return fail('backend_missing', 'sd-cli was not found', 'binary_missing');
      if (running) return fail('already_running', 'another picture is being generated', 'busy');
      if (missingModelFiles(input.template, input.files).length > 0)
        return fail('bad_request', 'model files not chosen', 'model_unset');
      const started = deps.now();
      return new Promise((resolve) => {
        let done = 0;
        let timer: unknown = null;
        const finish = (result: Awaited<ReturnType<FakeHandler<'image:generate'>>>) => {
          running = null;
          resolve(result);
        };
        const step = () => {
          done++;
          deps.emit('image:progress', { jobId: input.jobId, phase: 'sampling', done, total: input.params.steps });
          if (done < input.params.steps) return void (timer = deps.timers.setTimeout(step, tick));
          const image: GeneratedImage = {
            record: {
              id: deps.newId(),
              createdAt: deps.now(),
              template: input.template,
              files: input.files,
              params: { ...input.params, seed: input.params.seed ?? 42 },
              fromImage: input.initImage !== undefined,
              bytes: 100,
              ms: deps.now() - started,
              source: 'page',
            },
            dataUrl: FAKE_PNG,
          };
          gallery.unshift(image);
          finish({ ok: true, value: image });
        };
        running = {
          jobId: input.jobId,
          stop: () => {
            deps.timers.clearTimeout(timer);
            finish(fail('backend_failed', 'The generation was cancelled.', 'cancelled'));
          },
        };
        deps.emit('image:progress', { jobId: input.jobId, phase: 'loading', done: 1, total: 2 });
        timer = deps.timers.setTimeout(step, tick);
      });
    },
    'image:cancel': ({ jobId }) => {
      if (running?.jobId !== jobId) return { ok: true, value: { cancelled: false } };
      running.stop();
      return { ok: true, value: { cancelled: true } };
    },
    'image:list': () => ({ ok: true, value: { images: gallery.map((image) => image.record) } }),
    'image:read': ({ id }) => {
      const image = gallery.find((candidate) => candidate.record.id === id);
      return image ? { ok: true, value: image } : fail('not_found', `no image ${id}`);
    },
    'image:delete': ({ id }) => {
      const at = gallery.findIndex((candidate) => candidate.record.id === id);
      if (at >= 0) gallery.splice(at, 1);
      return { ok: true, value: { deleted: at >= 0 } };
    },
    'image:to-chat': ({ conversationId }) => ({
      ok: true,
      value: { conversationId: conversationId ?? deps.newId(), messageId: deps.newId() },
    }),
  };
}
