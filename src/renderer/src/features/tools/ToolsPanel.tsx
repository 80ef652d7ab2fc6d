import { useEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { CheckField, SelectField, TextField } from '../load/form-fields';
import { POLICY_KEYS, riskLabel } from './tool-labels';
import { MAX_STEPS_LIMIT, policyChoices, setRow, type ToolRow } from './tools-form';
import { useToolsPanelStore } from './use-tools-panel-store';
import '../conventions/conventions.css';
import './tools.css';

/** Which tools the model may use and how each is approved; the loop's limits; where tools may act. */
export function ToolsPanel() {
  const t = useT();
  const { open, loading, form, errors, saving, error, actions } = useToolsPanelStore();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') actions.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, actions]);

  useEffect(() => {
    if (Object.keys(errors).length > 0) panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  if (!open) return null;
  return (
    <div className="overlay overlay-side" onMouseDown={(event) => event.target === event.currentTarget && actions.close()}>
      <div className="side-panel" role="dialog" aria-modal="true" aria-labelledby="tools-title" data-testid="tools-panel" ref={panel} tabIndex={-1}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void actions.save();
          }}
          noValidate
        >
          <header className="dialog-head">
            <h2 id="tools-title">{t('tools.title')}</h2>
            <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={actions.close}>
              ×
            </button>
          </header>
          <div className="side-body">
            {loading && (
              <p className="muted tools-loading">
                <span className="spinner" aria-hidden="true" /> {t('tools.loading')}
              </p>
            )}
            {form && (
              <>
                <section className="side-section">
                  <h3>{t('tools.list')}</h3>
                  <p className="muted small side-note">{t('tools.note')}</p>
                  {form.rows.length === 0 ? (
                    <p className="muted">{t('tools.empty')}</p>
                  ) : (
                    <ul className="tool-rows plain-list">
                      {form.rows.map((row) => (
                        <ToolRowView key={row.name} row={row} onChange={(change) => actions.update((f) => setRow(f, row.name, change))} />
                      ))}
                    </ul>
                  )}
                </section>
                <section className="side-section">
                  <h3>{t('tools.loop')}</h3>
                  <TextField
                    label={t('tools.maxSteps')}
                    value={form.maxSteps}
                    numeric
                    error={errors.maxSteps}
                    hint={t('tools.maxStepsHint', { max: MAX_STEPS_LIMIT })}
                    testId="tools-max-steps"
                    onChange={(maxSteps) => actions.update((f) => ({ ...f, maxSteps }))}
                  />
                  <CheckField label={t('tools.agentMode')} checked={form.agentMode} testId="tools-agent-mode" onChange={(agentMode) => actions.update((f) => ({ ...f, agentMode }))} />
                  <p className="muted small side-note">{t('tools.agentModeHint')}</p>
                  <SelectField
                    label={t('tools.protocol')}
                    value={form.protocol}
                    options={[
                      { value: 'auto', label: t('tools.protocol.auto') },
                      { value: 'native', label: t('tools.protocol.native') },
                      { value: 'prompt', label: t('tools.protocol.prompt') },
                    ]}
                    hint={t('tools.protocolHint')}
                    testId="tools-protocol"
                    onChange={(protocol) => actions.update((f) => ({ ...f, protocol }))}
                  />
                  <TextField
                    label={t('tools.workspace')}
                    value={form.workspaceDir}
                    mono
                    placeholder={form.defaultWorkspaceDir ?? ''}
                    error={errors.workspaceDir}
                    hint={t('tools.workspaceHint')}
                    testId="tools-workspace"
                    onChange={(workspaceDir) => actions.update((f) => ({ ...f, workspaceDir }))}
                  />
                </section>
              </>
            )}
            {error && (
              <p className="inline-error" role="alert" data-testid="tools-error">
                {error.message}
              </p>
            )}
          </div>
          <footer className="dialog-foot">
            <span />
            <div className="dialog-actions">
              <button type="button" className="btn" onClick={actions.close}>
                {t('common.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" data-testid="tools-save" disabled={!form || saving}>
                {t('tools.save')}
              </button>
            </div>
          </footer>
        </form>
      </div>
    </div>
  );
}

function ToolRowView({ row, onChange }: { row: ToolRow; onChange: (change: Partial<Pick<ToolRow, 'enabled' | 'policy'>>) => void }) {
  const t = useT();
  const choices = policyChoices(row);
  return (
    <li className={`tool-row${row.enabled ? '' : ' is-off'}`} data-testid={`tool-row-${row.name}`}>
      <label className="tool-toggle" title={row.final ? t('tools.finalTitle') : undefined}>
        <input
          type="checkbox"
          checked={row.enabled}
          disabled={row.final}
          aria-label={t('tools.enabled', { name: row.name })}
          data-testid={`tool-enabled-${row.name}`}
          onChange={(event) => onChange({ enabled: event.target.checked })}
        />
      </label>
      <div className="tool-info">
        <div className="tool-name-line">
          <span className="tool-name mono">{row.name}</span>
          <span className={`badge risk risk-${row.risk}`}>{riskLabel(t, row.risk)}</span>
          {row.source === 'mcp' && <span className="badge">{t('tools.source.mcp')}</span>}
          {row.alwaysAsk && (
            <span className="badge warn" title={t('tools.alwaysAsksTitle')} data-testid={`tool-always-asks-${row.name}`}>
              {t('tools.alwaysAsks')}
            </span>
          )}
          {row.final && <span className="badge risk">{t('tools.final')}</span>}
        </div>
        <p className="tool-description muted small" title={row.description}>
          {row.description}
        </p>
      </div>
      <select
        className="input tool-policy"
        value={row.policy}
        disabled={row.final || choices.length < 2}
        aria-label={t('tools.policy', { name: row.name })}
        data-testid={`tool-policy-${row.name}`}
        onChange={(event) => {
          const policy = choices.find((choice) => choice === event.target.value);
          if (policy) onChange({ policy });
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(POLICY_KEYS[choice])}
          </option>
        ))}
      </select>
    </li>
  );
}
