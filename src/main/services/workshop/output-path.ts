// Where a quantized model goes unless the user says otherwise: beside the source,
// named like it with the new type in place of the old one (qwen-7b-F16.gguf →
// qwen-7b-Q4_K_M.gguf), or appended where the name carries none. Pure.
import { basename, dirname, join } from 'node:path';
import { FILE_TYPE_NAMES } from '../backend/gguf/ggml-types';

const TYPE_NAMES = [
  ...new Set([...Object.values(FILE_TYPE_NAMES), 'F32', 'F16', 'BF16', 'FP16', 'FP32', 'Q4_K', 'Q5_K', 'Q3_K']),
]
  // Longest first, so Q4_K_M wins over Q4_K.
  .sort((a, b) => b.length - a.length);
const TYPE_IN_NAME = new RegExp(
  `([-_.])(${TYPE_NAMES.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=[-_.]|$)`,
  'i',
);

export function suggestOutputPath(modelPath: string, type: string): string {
  const file = basename(modelPath);
  const stem = file.replace(/\.gguf$/i, '');
  const match = TYPE_IN_NAME.exec(stem);
  const next = match
    ? `${stem.slice(0, match.index)}${match[1]}${type}${stem.slice(match.index + match[0].length)}`
    : `${stem}-${type}`;
  // The source's own name again (its type already is the one asked for): keep both apart.
  const name = next.toLowerCase() === stem.toLowerCase() ? `${stem}-requant` : next;
  return join(dirname(modelPath), `${name}.gguf`);
}
