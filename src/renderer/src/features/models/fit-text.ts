// Whether a hub file fits this machine, in the UI's language: the core's
// verdict carries its numbers (`why`), the words are made here.
import type { FitVerdict } from '@shared/models/model-library';
import type { Translate } from '../../i18n';
import { formatBytes } from '../../lib/format';

export function fitText(t: Translate, fit: Pick<FitVerdict, 'kind' | 'why' | 'reason'>): string {
  const why = fit.why as FitVerdict['why'] | undefined;
  // A core older than this page sends only its English sentence.
  if (!why) return fit.reason;
  const tooBig = fit.kind === 'too-big';
  switch (why.code) {
    case 'cpu_only': {
      const cause = t(
        why.cause === 'no_gpu_backend' ? 'library.fit.cause.noGpuBackend' : 'library.fit.cause.tooBigForGpu',
      );
      const vars = { cause, weights: formatBytes(why.weightsBytes), ram: formatBytes(why.freeRamBytes) };
      return t(tooBig ? 'library.fit.cpuTooBig' : 'library.fit.cpu', vars);
    }
    case 'vram_unknown':
      return t('library.fit.vramUnknown', { weights: formatBytes(why.weightsBytes) });
    case 'fits_gpu':
      return t(why.freeKnown ? 'library.fit.fitsGpuFree' : 'library.fit.fitsGpuTotal', {
        weights: formatBytes(why.weightsBytes),
        vram: formatBytes(why.gpuBytes),
        gpu: why.gpu,
      });
    case 'split':
      return t(tooBig ? 'library.fit.splitTooBig' : 'library.fit.split', {
        percent: why.percent,
        cpu: formatBytes(why.cpuBytes),
        ram: formatBytes(why.freeRamBytes),
      });
  }
}
