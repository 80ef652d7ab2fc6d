// What the image page asks `image:generate` for: the form's parameters as the engine takes them (a seed only when one
// was typed, a strength only with a start image), and a picture's "New seed" with its other parameters kept. Pure.
import { IMAGE_TEMPLATES, missingModelFiles } from '@shared/images/image-templates';
import type { ImageSettings } from '@shared/images/image-settings';
import type { ImageModelFiles, ImageParams, ImageRecord, ImageTemplateName } from '@shared/images/image-types';

const MAX_SEED = 2 ** 31 - 1;

/** The parameters as the form holds them: the seed empty for a random one. */
export type FormParams = Omit<ImageParams, 'seed' | 'strength'> & { seed: string; strength: number };

/** What the page's Generate sends: the chosen template and files, the form, and a start image if any. */
export interface PageForm {
  template: ImageTemplateName;
  files: ImageSettings['files'];
  params: FormParams;
  startImage: { dataUrl: string } | null;
}

/** A generation's input, less its job id. */
export interface ImageRequest {
  template: ImageTemplateName;
  files: ImageModelFiles;
  params: Omit<ImageParams, 'seed'> & { seed?: number };
  initImage?: string;
}

export function formParams(template: ImageTemplateName, prompt = ''): FormParams {
  return { ...IMAGE_TEMPLATES[template].defaults, prompt, seed: '', strength: 0.75 };
}

/** The page's Generate: the form as it is. */
export function pageRequest(s: PageForm): ImageRequest {
  const { seed, strength, ...rest } = s.params;
  const seedNumber = seed.trim() === '' ? undefined : Number(seed);
  const params = {
    ...rest,
    ...(seedNumber === undefined || !Number.isInteger(seedNumber) ? {} : { seed: seedNumber }),
    ...(s.startImage ? { strength } : {}),
  };
  return {
    template: s.template,
    files: s.files[s.template],
    params,
    ...(s.startImage ? { initImage: s.startImage.dataUrl } : {}),
  };
}

/** The same picture with another seed (`random`: 0 to 1) and the template's files as the page has them now. */
export function newSeedRequest(record: ImageRecord, files: ImageSettings['files'], random: () => number): ImageRequest {
  let seed = Math.floor(random() * MAX_SEED);
  if (seed === record.params.seed) seed = (seed + 1) % MAX_SEED;
  // The template's current files when they are complete (the record's may have moved since; the page is where they
  // are chosen).
  const templateFiles =
    missingModelFiles(record.template, files[record.template]).length === 0 ? files[record.template] : record.files;
  const { strength: _strength, ...params } = record.params;
  return { template: record.template, files: templateFiles, params: { ...params, seed } };
}
