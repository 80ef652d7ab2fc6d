// What the workshop page shows once a model is picked: the model as its GGUF
// header describes it, each type with its estimated size and suggested output
// path, and whether the tools are built. Reads the header only (never the
// tensor data), so it answers at once for a 70B file too.
import { access } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppFailure } from '@shared/errors';
import { QUANT_TYPES } from '@shared/workshop/quant-types';
import type { QuantizePlan, WorkshopModel } from '@shared/workshop/workshop-types';
import { readGgufHeader, type GgufHeader } from '../backend/gguf/gguf-reader';
import { estimateQuantizedBytes } from './estimate-size';
import { FILE_TYPE_NAMES, isQuantizedType, rowBytes } from '../backend/gguf/ggml-types';
import { findTool } from './find-tools';
import { suggestOutputPath } from './output-path';

export async function readQuantizePlan(modelPath: string, binDirs: readonly string[]): Promise<QuantizePlan> {
  const header = await readGgufHeader(modelPath, { tensors: true }).catch((error: unknown) => {
    throw withWorkshopReason(error);
  });
  assertComplete(header, modelPath);
  const model = describeModel(header, modelPath);
  const options = await Promise.all(
    QUANT_TYPES.map(async (type) => {
      const suggestedPath = suggestOutputPath(modelPath, type.name);
      return {
        type: type.name,
        estimatedBytes: estimateQuantizedBytes(header, type.ftype) ?? 0,
        needsImatrix: type.needsImatrix,
        suggestedPath,
        exists: await exists(suggestedPath),
      };
    }),
  );
  const [quantize, imatrix] = await Promise.all([
    findTool(binDirs, 'llama-quantize'),
    findTool(binDirs, 'llama-imatrix'),
  ]);
  return { model, options, tools: { quantize, imatrix } };
}

function describeModel(header: GgufHeader, path: string): WorkshopModel {
  const name = header.metadata.get('general.name');
  const fileType = header.metadata.get('general.file_type');
  return {
    path,
    name: typeof name === 'string' && name.trim() !== '' ? name : basename(path).replace(/\.gguf$/i, ''),
    fileType: typeof fileType === 'number' ? (FILE_TYPE_NAMES[fileType] ?? null) : null,
    bytes: header.fileSize,
    // The tensors say it, not general.file_type: some converters leave that key out or get it wrong.
    quantized: (header.tensors ?? []).some(
      (tensor) => tensor.dims.filter((dim) => dim > 1).length >= 2 && isQuantizedType(tensor.type),
    ),
  };
}

/**
 * A partial download keeps a valid header: its last tensors end past the end of the file. llama-quantize would load it
 * and fail there.
 */
export function assertComplete(header: GgufHeader, path: string): void {
  for (const tensor of header.tensors ?? []) {
    const [columns = 1, ...rest] = tensor.dims;
    const row = rowBytes(tensor.type, columns);
    if (row === null) continue;
    const end = (header.dataOffset ?? 0) + tensor.offset + row * rest.reduce((a, b) => a * b, 1);
    if (end > header.fileSize) {
      throw new AppFailure(
        'model_invalid',
        `truncated GGUF: tensor ${tensor.name} ends at byte ${end} but the file ends at byte ${header.fileSize} (an incomplete download?)`,
        {
          reason: 'truncated',
          path,
          tensor: tensor.name,
        },
      );
    }
  }
}

/** The reader's failures, with the reason the workshop words them by (its own 'truncated' for a cut-off header). */
function withWorkshopReason(error: unknown): unknown {
  if (!(error instanceof AppFailure) || error.code !== 'model_invalid') return error;
  const given = error.details?.reason;
  const reason = /^not a GGUF file/.test(error.message) ? 'not_gguf' : given === 'gguf_truncated' ? 'truncated' : given;
  return reason === given ? error : new AppFailure(error.code, error.message, { ...error.details, reason });
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
