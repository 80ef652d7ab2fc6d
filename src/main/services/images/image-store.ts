// The images folder (`<data>/images`): `<id>.png` (with EVA's parameters in it)
// and `<id>.json` (its record) per image. sd-cli writes `<id>.part.png`; only a
// checked, complete PNG is renamed into place, and the record goes last, so the
// gallery lists nothing half-written. A part left by a crash is swept at start.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppFailure } from '@shared/errors';
import { ImageRecordSchema } from '@shared/images/chat-image';
import type { GeneratedImage, ImageRecord } from '@shared/images/image-types';
import { writeFileAtomic } from '../fs/atomic-write';
import { ifExists, isMissing } from '../fs/if-exists';

const ID = /^[A-Za-z0-9_-]{1,80}$/;
const PART_SUFFIX = '.part.png';

export interface ImageStore {
  readonly dir: string;
  newId(): string;
  /** where sd-cli writes this image before it is checked */
  partPath(id: string): string;
  /** puts a finished PNG and its record in place; throws disk_full / write_failed, leaving neither behind */
  commit(record: ImageRecord, png: Uint8Array): Promise<void>;
  list(): Promise<ImageRecord[]>;
  read(id: string): Promise<GeneratedImage>;
  remove(id: string): Promise<boolean>;
  /** removes parts a crashed run left */
  sweepParts(): Promise<number>;
}

export function openImageStore(dir: string): ImageStore {
  const png = (id: string) => join(dir, `${checked(id)}.png`);
  const json = (id: string) => join(dir, `${checked(id)}.json`);
  return {
    dir,
    newId: () => `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
    partPath: (id) => join(dir, `${checked(id)}${PART_SUFFIX}`),
    async commit(record, bytes) {
      await mkdir(dir, { recursive: true });
      try {
        await writeFileAtomic(png(record.id), bytes);
        await writeFileAtomic(json(record.id), `${JSON.stringify(record, null, 2)}\n`);
      } catch (error) {
        // Best-effort tidy-up: the write failure below is what the user must see, not this one.
        await Promise.all([rm(png(record.id), { force: true }), rm(json(record.id), { force: true })]).catch(
          () => undefined,
        );
        throw writeFailure(error, dir);
      }
    },
    async list() {
      // No folder yet is an empty gallery; an unreadable one is an error the page shows.
      const names = (await ifExists(readdir(dir))) ?? [];
      const pngs = new Set(names.filter((name) => name.endsWith('.png') && !name.endsWith(PART_SUFFIX)));
      const records = await Promise.all(
        names
          .filter((name) => name.endsWith('.json') && pngs.has(`${name.slice(0, -5)}.png`))
          .map(async (name) => {
            const parsed = ImageRecordSchema.safeParse(
              await readFile(join(dir, name), 'utf8').then(JSON.parse, () => null),
            );
            return parsed.success ? parsed.data : null;
          }),
      );
      return records
        .filter((record): record is ImageRecord => record !== null)
        .sort((a, b) => b.createdAt - a.createdAt);
    },
    async read(id) {
      const [recordText, bytes] = await Promise.all([readFile(json(id), 'utf8'), readFile(png(id))]).catch(
        (error: unknown) => {
          if (isMissing(error)) throw new AppFailure('not_found', `There is no image ${id} (deleted?).`, { id });
          throw error;
        },
      );
      const parsed = ImageRecordSchema.safeParse(JSON.parse(recordText));
      if (!parsed.success) throw new AppFailure('not_found', `The record of image ${id} is damaged.`, { id });
      return { record: parsed.data, dataUrl: pngDataUrl(bytes) };
    },
    async remove(id) {
      const existed = (await ifExists(readFile(json(id)))) !== null;
      await Promise.all([rm(json(id), { force: true }), rm(png(id), { force: true })]);
      return existed;
    },
    async sweepParts() {
      const names = (await ifExists(readdir(dir))) ?? [];
      const parts = names.filter((name) => name.endsWith(PART_SUFFIX) || name.includes('.tmp'));
      await Promise.all(parts.map((name) => rm(join(dir, name), { force: true })));
      return parts.length;
    },
  };
}

export function pngDataUrl(bytes: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}

/** ENOSPC (and EDQUOT) as disk_full, anything else as write_failed, both with the folder. */
export function writeFailure(error: unknown, dir: string): AppFailure {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new AppFailure('disk_full', `The disk is full: the picture could not be saved in ${dir}.`, {
      reason: 'disk_full',
      path: dir,
    });
  return new AppFailure('backend_failed', `The picture could not be saved in ${dir}: ${(error as Error).message}`, {
    reason: 'write_failed',
    path: dir,
  });
}

function checked(id: string): string {
  if (!ID.test(id)) throw new AppFailure('bad_request', `"${id}" is not an image id.`);
  return id;
}
