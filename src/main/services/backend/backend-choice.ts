// Which backends to try, in order, and what to tell the user when one fails.
import { BACKEND_KINDS, type BackendKind } from '@shared/contract';

const LABELS: Record<BackendKind, string> = { cuda: 'CUDA', vulkan: 'Vulkan', opencl: 'OpenCL', cpu: 'CPU' };

/**
 * The backends to try, first choice first; only kinds in `available`, each once.
 *
 * auto: cuda > vulkan > opencl > cpu (the order of BACKEND_KINDS).
 * An explicit choice comes first, followed only by the backends *below* it in
 * that order. Falling back keeps the app usable when a driver is missing, and
 * the user is told why; but someone who picked Vulkan over CUDA, or the CPU
 * over any GPU, usually did it to avoid the ones above, so we never climb back
 * up to them. An explicit choice that is not available yields the backends
 * below it (the caller reports the missing one).
 */
export function orderBackends(choice: 'auto' | BackendKind, available: readonly BackendKind[]): BackendKind[] {
  const has = new Set(available);
  const start = choice === 'auto' ? 0 : BACKEND_KINDS.indexOf(choice);
  return BACKEND_KINDS.slice(start).filter((kind) => has.has(kind));
}

/** The notice when `failed` did not start and `next` is tried instead. */
export function fallbackNotice(failed: BackendKind, reason: string, next: BackendKind): string {
  const why = reason.trim().replace(/[.\s]+$/, '');
  return `The ${LABELS[failed]} backend failed to start${why ? ` (${why})` : ''}; trying ${LABELS[next]} instead.`;
}

/** A backend's name for people. */
export function backendLabel(kind: BackendKind): string {
  return LABELS[kind];
}
