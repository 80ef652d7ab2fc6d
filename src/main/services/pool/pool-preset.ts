// The router's models as llama-server's preset file (--models-preset): one
// section per model with its file, context and speculative decoding (the
// options of the single server's command line, without their dashes). Each
// model gets a name the requests use (`model` in a chat body): its file name,
// made unique.
import { basename } from 'node:path';
import type { PoolModel } from '@shared/pool/pool-settings';
import { speculativeOptions } from '../backend/launch/speculative-args';

export interface PresetModel extends PoolModel {
  id: string;
}

/**
 * Names for the models: the file name without `.gguf`, in characters a section header and a URL keep as they are; a
 * repeat gets -2, -3…
 */
export function poolModelIds(models: readonly PoolModel[]): PresetModel[] {
  const taken = new Set<string>();
  return models.map((model) => {
    const stem =
      basename(model.path)
        .replace(/\.gguf$/i, '')
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'model';
    let id = stem;
    for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${stem}-${n}`;
    taken.add(id.toLowerCase());
    return { ...model, id };
  });
}

/**
 * The preset file's text. The context goes here and not on the command line,
 * where it would win over every model's own.
 */
export function poolPreset(models: readonly PresetModel[], defaultContext: number): string {
  const lines = ['version = 1', '', '[*]'];
  if (defaultContext > 0) lines.push(`ctx-size = ${defaultContext}`);
  for (const model of models) {
    lines.push('', `[${model.id}]`, `model = ${presetPath(model.path)}`);
    if (model.contextSize > 0) lines.push(`ctx-size = ${model.contextSize}`);
    for (const [option, value] of speculativeOptions(model.speculative))
      lines.push(`${option} = ${option === 'spec-draft-model' ? presetPath(value) : value}`);
    // Loaded when asked for, never at the router's start: the memory budget decides what is loaded.
    lines.push('load-on-startup = false');
  }
  return `${lines.join('\n')}\n`;
}

/** A path as one INI value: a line break would start a new key, so such a path is refused rather than written. */
function presetPath(path: string): string {
  if (/[\r\n]/.test(path) || path.trim() !== path)
    throw new Error(
      `a model path with a line break or surrounding spaces cannot go in the preset: ${JSON.stringify(path)}`,
    );
  return path;
}
