// How much the agent's `stablediffusion` tool may draw without an approval card:
// a budget of megapixels × steps (image-tool-budget.ts), 0 by default, so every
// picture the model asks for waits for the user's yes.
import { useStore } from 'zustand';
import { imageWork } from '@shared/images/image-tool-budget';
import { IMAGE_TOOL_BUDGET_MAX } from '@shared/images/image-settings';
import { useT } from '../../i18n';
import type { ImagesStore } from './images-store';

const EXAMPLE = imageWork({ width: 512, height: 512, steps: 20 }).toFixed(1);

export function ImageToolBudget({ store }: { store: ImagesStore }) {
  const t = useT();
  const budget = useStore(store.state, (s) => s.toolBudget);
  return (
    <div className="field image-tool-budget">
      <label htmlFor="image-tool-budget">{t('images.toolBudget')}</label>
      <input
        id="image-tool-budget"
        className="input"
        type="number"
        min={0}
        max={IMAGE_TOOL_BUDGET_MAX}
        step={0.5}
        value={budget}
        data-testid="image-tool-budget"
        onChange={(e) =>
          Number.isFinite(e.target.valueAsNumber) &&
          store.setToolBudget(Math.min(IMAGE_TOOL_BUDGET_MAX, Math.max(0, e.target.valueAsNumber)))
        }
      />
      <p className="field-hint" data-testid="image-tool-budget-hint">
        {budget > 0
          ? t('images.toolBudgetHint', { example: EXAMPLE })
          : t('images.toolBudgetOff', { example: EXAMPLE })}
      </p>
    </div>
  );
}
