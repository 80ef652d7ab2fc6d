// Each pool model's own speculative decoding: off, a draft model (its file and
// draft lengths) or n-grams, one row per file of the list. A draft is checked
// against its model's vocabulary when the pool starts, as a single load's is.
import { SPECULATIVE_MODES } from '@shared/speculative/speculative-settings';
import { useT } from '../../i18n';
import type { FieldError } from '../../ui/field-error';
import type { SpeculativeForm } from '../../ui/speculative-form';
import { poolFormPaths, poolSpeculativeForm, type PoolForm } from './pool-form';

/** The file name of a path, Windows or POSIX. */
const basename = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

export interface PoolSpeculativeRowsProps {
  form: PoolForm;
  /** the file whose fields are wrong, and how */
  invalid: { path: string; errors: Partial<Record<keyof SpeculativeForm, FieldError>> } | null;
  edit: (path: string, patch: Partial<SpeculativeForm>) => void;
}

export function PoolSpeculativeRows({ form, invalid, edit }: PoolSpeculativeRowsProps) {
  const t = useT();
  const paths = poolFormPaths(form);
  if (paths.length === 0) return null;
  return (
    <fieldset className="plain-fieldset pool-speculative" data-testid="pool-speculative">
      <legend>{t('pool.spec.title')}</legend>
      <p className="field-hint">{t('pool.spec.hint')}</p>
      <table className="pool-models">
        <tbody>
          {paths.map((path) => {
            const spec = poolSpeculativeForm(form, path);
            const errors = invalid?.path === path ? invalid.errors : {};
            const problem = errors.specDraftPath ?? errors.specDraftMax ?? errors.specDraftMin;
            return (
              <tr key={path} data-testid="pool-spec-row" data-path={path}>
                <td className="mono" title={path}>
                  {basename(path)}
                </td>
                <td>
                  <select
                    className="input"
                    aria-label={t('pool.spec.mode', { model: basename(path) })}
                    value={spec.specMode}
                    data-testid="pool-spec-mode"
                    onChange={(event) =>
                      edit(path, { specMode: SPECULATIVE_MODES.find((mode) => mode === event.target.value) ?? 'off' })
                    }
                  >
                    {SPECULATIVE_MODES.map((mode) => (
                      <option key={mode} value={mode}>
                        {t(`pool.spec.mode.${mode}`)}
                      </option>
                    ))}
                  </select>
                </td>
                {spec.specMode === 'draft' && (
                  <>
                    <td>
                      <input
                        className="input mono"
                        aria-label={t('pool.spec.draftPath', { model: basename(path) })}
                        aria-invalid={errors.specDraftPath !== undefined}
                        placeholder={t('load.spec.draftPath')}
                        spellCheck={false}
                        value={spec.specDraftPath}
                        data-testid="pool-spec-draft-path"
                        onChange={(event) => edit(path, { specDraftPath: event.target.value })}
                      />
                    </td>
                    <DraftLengthCell
                      field="specDraftMax"
                      label={t('load.spec.draftMax')}
                      testId="pool-spec-draft-max"
                      spec={spec}
                      errors={errors}
                      edit={(patch) => edit(path, patch)}
                    />
                    <DraftLengthCell
                      field="specDraftMin"
                      label={t('load.spec.draftMin')}
                      testId="pool-spec-draft-min"
                      spec={spec}
                      errors={errors}
                      edit={(patch) => edit(path, patch)}
                    />
                  </>
                )}
                {problem && (
                  <td className="field-error" role="alert" data-testid="pool-spec-error">
                    {t(problem.key, problem.vars)}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}

/** One of a draft's two lengths (most or fewest tokens guessed a step), as a number field in its cell. */
function DraftLengthCell(props: {
  field: 'specDraftMax' | 'specDraftMin';
  label: string;
  testId: string;
  spec: SpeculativeForm;
  errors: Partial<Record<keyof SpeculativeForm, FieldError>>;
  edit: (patch: Partial<SpeculativeForm>) => void;
}) {
  const { field, spec, errors, edit } = props;
  return (
    <td>
      <input
        className="input pool-spec-number"
        inputMode="numeric"
        aria-label={props.label}
        aria-invalid={errors[field] !== undefined}
        value={spec[field]}
        data-testid={props.testId}
        onChange={(event) => edit({ [field]: event.target.value })}
      />
    </td>
  );
}
