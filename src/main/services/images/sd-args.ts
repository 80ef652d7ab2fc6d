// sd-cli's command line for one generation. Pure: the same function builds the
// app's run and the benchmark's direct run, so the two compare like for like.
import { IMAGE_TEMPLATES, MODEL_FILE_FLAGS } from '@shared/images/image-templates';
import type { ImageModelFiles, ImageParams, ImageTemplateName, ModelFileRole } from '@shared/images/image-types';

export interface SdRun {
  template: ImageTemplateName;
  /** the template's files, already checked to exist */
  files: ImageModelFiles;
  /** with the seed chosen */
  params: ImageParams;
  /** image to image: the start image on disk */
  initImagePath?: string;
  /** where sd-cli writes the PNG; must end in .png (sd-cli picks the format by extension) */
  outputPath: string;
  /** 0: sd-cli's own choice (the physical cores) */
  threads: number;
}

export function sdArgs(run: SdRun): string[] {
  const { params } = run;
  const template = IMAGE_TEMPLATES[run.template];
  const args: string[] = [];
  for (const need of template.files) {
    const path = run.files[need.role as ModelFileRole];
    if (path) args.push(MODEL_FILE_FLAGS[need.role], path);
  }
  args.push('--prompt', params.prompt);
  if (params.negativePrompt.trim() !== '') args.push('--negative-prompt', params.negativePrompt);
  args.push(
    '--width',
    String(params.width),
    '--height',
    String(params.height),
    '--steps',
    String(params.steps),
    '--cfg-scale',
    String(params.cfg),
    '--seed',
    String(params.seed),
    '--sampling-method',
    params.sampler,
  );
  if (run.initImagePath) args.push('--init-img', run.initImagePath, '--strength', String(params.strength ?? 0.75));
  if (run.threads > 0) args.push('--threads', String(run.threads));
  args.push(...template.extraArgs, '--output', run.outputPath);
  return args;
}
