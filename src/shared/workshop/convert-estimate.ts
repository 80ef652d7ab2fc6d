// How big a converted model comes out, before it is converted. Pure: the core's
// convert plan and disk check and the in-memory platform's plan all ask it.
import { CONVERT_OUT_TYPE_FACTS, type ConvertOutType, type HfFolderCheck } from './convert-types';

/**
 * The tensor data: parameters times the type's bits (from the files' size where the count is unknown: .bin
 * weights are mostly 16-bit). The file adds its vocabulary and template, a few MB at most, which the page's
 * "≈" covers.
 */
export function estimateConvertedBytes(folder: Pick<HfFolderCheck, 'weights'>, type: ConvertOutType): number | null {
  const { parameters, bytes } = folder.weights;
  const count = parameters ?? (bytes > 0 ? bytes / 2 : null);
  return count === null ? null : Math.round((count * CONVERT_OUT_TYPE_FACTS[type].bits) / 8);
}
