// How much work a `stablediffusion` call asks for, and whether it is within the
// budget the user set for pictures the model may draw without asking. sd-cli's
// time and memory grow with the pixels and the steps, so the work is counted as
// megapixels × steps: 512×512 at 20 steps is about 5.2, 2048×2048 at 150 steps
// about 629. A prompt injection asking for the most is then as visible as any
// other costly call. Pure.
import type { ImageParams } from './image-types';

/** Megapixels × sampling steps. */
export function imageWork(params: Pick<ImageParams, 'width' | 'height' | 'steps'>): number {
  return ((params.width * params.height) / 1_000_000) * params.steps;
}

/** Whether a call may draw without an approval card: only under a budget above 0 (0, the default, always asks). */
export function withinImageBudget(params: Pick<ImageParams, 'width' | 'height' | 'steps'>, budget: number): boolean {
  return budget > 0 && imageWork(params) <= budget;
}

/**
 * The line an approval card shows for a picture: its size and steps (which the model may have left to the template),
 * and the budget.
 */
export function imageCallSummary(params: Pick<ImageParams, 'width' | 'height' | 'steps'>, budget: number): string {
  const work = imageWork(params).toFixed(1);
  const rule =
    budget > 0
      ? `pictures up to ${budget} are drawn without asking`
      : 'every picture asks first (the image page sets a budget for drawing without asking)';
  return `A ${params.width}×${params.height} picture in ${params.steps} steps: ${work} megapixel-steps of work on this computer; ${rule}.`;
}
