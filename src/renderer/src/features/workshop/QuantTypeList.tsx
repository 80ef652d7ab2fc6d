// The types a model can be written as, each with its estimated size and where it
// sits between size and quality: a radio group, so arrows move the choice.
import { quantTypeByName, type QuantTypeName } from '@shared/workshop/quant-types';
import type { QuantOption } from '@shared/workshop/workshop-types';
import { useT, type MessageKey } from '../../i18n';
import { formatBytes } from '../../lib/format';

interface Props {
  options: QuantOption[];
  value: QuantTypeName;
  sourceBytes: number;
  disabled: boolean;
  onChange: (type: QuantTypeName) => void;
}

export function QuantTypeList({ options, value, sourceBytes, disabled, onChange }: Props) {
  const t = useT();
  return (
    <fieldset className="workshop-types" disabled={disabled} data-testid="workshop-types">
      <legend>{t('workshop.types')}</legend>
      {options.map((option) => {
        const tier = quantTypeByName(option.type)?.tier ?? 'balanced';
        const share = sourceBytes > 0 ? Math.min(1, option.estimatedBytes / sourceBytes) : 0;
        return (
          <label
            key={option.type}
            className={`workshop-type${option.type === value ? ' is-chosen' : ''}`}
            data-testid="workshop-type"
            data-type={option.type}
          >
            <input
              type="radio"
              name="workshop-type"
              value={option.type}
              checked={option.type === value}
              onChange={() => onChange(option.type)}
            />
            <span className="workshop-type-name mono">{option.type}</span>
            <span className="workshop-type-size" data-testid="workshop-type-size">
              {t('workshop.estimated', { size: formatBytes(option.estimatedBytes) })}
            </span>
            <span className="workshop-type-bar" aria-hidden="true">
              <span style={{ width: `${Math.round(share * 100)}%` }} />
            </span>
            <span className="muted small">{t(`workshop.tier.${tier}` as MessageKey)}</span>
            {option.needsImatrix && <span className="badge warn">{t('workshop.needsImatrix')}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
