import { describe, expect, it } from 'vitest';
import { imageCallSummary, imageWork, withinImageBudget } from './image-tool-budget';

describe('the stablediffusion tool budget', () => {
  it('counts megapixels × steps', () => {
    expect(imageWork({ width: 512, height: 512, steps: 20 })).toBeCloseTo(5.24, 2);
    expect(imageWork({ width: 2048, height: 2048, steps: 150 })).toBeCloseTo(629.1, 1);
  });

  it('lets nothing run without asking at the default budget of 0, and only what fits under a budget', () => {
    expect(withinImageBudget({ width: 64, height: 64, steps: 1 }, 0)).toBe(false);
    expect(withinImageBudget({ width: 512, height: 512, steps: 20 }, 6)).toBe(true);
    expect(withinImageBudget({ width: 512, height: 512, steps: 30 }, 6)).toBe(false);
    expect(withinImageBudget({ width: 2048, height: 2048, steps: 150 }, 600)).toBe(false);
  });

  it('tells the card the size, the steps and the rule', () => {
    expect(imageCallSummary({ width: 2048, height: 2048, steps: 150 }, 0)).toBe(
      'A 2048×2048 picture in 150 steps: 629.1 megapixel-steps of work on this computer; every picture asks first (the image page sets a budget for drawing without asking).',
    );
    expect(imageCallSummary({ width: 512, height: 512, steps: 20 }, 6)).toMatch(
      /512×512 picture in 20 steps: 5\.2 .*pictures up to 6 are drawn without asking/,
    );
  });
});
