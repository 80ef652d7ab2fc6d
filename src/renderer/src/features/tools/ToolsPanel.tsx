import { useRef } from 'react';
import { WEB_SEARCH_TOOL_NAME } from '@shared/tools/web-search/web-search-tool';
import { useT } from '../../i18n';
import { SidePanel } from '../../ui/SidePanel';
import { CheckField, SelectField, TextField } from '../../ui/form-fields';
import { SandboxSection } from './SandboxSection';
import { WebSearchSection } from './WebSearchSection';
import { setWebSearch } from './web-search-form';
import { POLICY_KEYS, riskLabel, toolDescription } from './tool-labels';
import { MAX_STEPS_LIMIT, policyChoices, setRow, type ToolRow } from './tools-form';
import { useToolsPanelStore } from './use-tools-panel-store';
import '../parameters/parameters.css';
import './tools.css';

/** Which tools the model may use and how each is approved; the loop's limits; where tools may act. */
export function ToolsPanel() {
  const t = useT();
  const { open, loading, form, errors, saving, error, searchKeys, mcpServers, actions } = useToolsPanelStore();
  const searchSection = useRef<HTMLElement>(null);
  if (!open) return null;
  const showSearchSetup = () => {
    searchSection.current?.scrollIntoView?.({ block: 'start' });
    searchSection.current?.querySelector('select')?.focus();
  };
  return (
    <SidePanel
      id="tools-panel"
      title={t('tools.title')}
      onClose={actions.close}
      onSubmit={() => void actions.save()}
      saveLabel={t('tools.save')}
      canSave={Boolean(form) && !saving}
      error={error}
      errors={errors}
    >
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
                  <ToolRowView
                    key={row.name}
                    row={row}
                    onChange={(change) => actions.update((f) => setRow(f, row.name, change))}
                  />
                ))}
              </ul>
            )}
            {!form.rows.some((row) => row.name === WEB_SEARCH_TOOL_NAME) && (
              <p className="muted small web-search-missing" data-testid="web-search-missing">
                <span>{t('tools.webSearch.missing')}</span>
                <button
                  type="button"
                  className="btn btn-small"
                  data-testid="web-search-set-up"
                  onClick={showSearchSetup}
                >
                  {t('tools.webSearch.setUp')}
                </button>
              </p>
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
            <CheckField
              label={t('tools.agentMode')}
              checked={form.agentMode}
              testId="tools-agent-mode"
              onChange={(agentMode) => actions.update((f) => ({ ...f, agentMode }))}
            />
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
            <TextField
              label={t('tools.webAllowHosts')}
              value={form.webAllowHosts}
              mono
              placeholder="nas.local, 192.168.1.5:8080"
              error={errors.webAllowHosts}
              hint={t('tools.webAllowHostsHint')}
              testId="tools-web-allow-hosts"
              onChange={(webAllowHosts) => actions.update((f) => ({ ...f, webAllowHosts }))}
            />
          </section>
          <SandboxSection
            form={form.sandbox}
            errors={errors}
            onChange={(change) => actions.update((f) => ({ ...f, sandbox: { ...f.sandbox, ...change } }))}
          />
          <WebSearchSection
            form={form.webSearch}
            errors={errors}
            keys={searchKeys}
            mcpServers={mcpServers}
            sectionRef={searchSection}
            onChange={(change) => actions.update((f) => ({ ...f, webSearch: setWebSearch(f.webSearch, change) }))}
            onSetKey={actions.setSearchKey}
          />
        </>
      )}
    </SidePanel>
  );
}

function ToolRowView({
  row,
  onChange,
}: {
  row: ToolRow;
  onChange: (change: Partial<Pick<ToolRow, 'enabled' | 'policy'>>) => void;
}) {
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
            <span
              className="badge warn"
              title={t('tools.alwaysAsksTitle')}
              data-testid={`tool-always-asks-${row.name}`}
            >
              {t('tools.alwaysAsks')}
            </span>
          )}
          {row.final && <span className="badge risk">{t('tools.final')}</span>}
        </div>
        <p className="tool-description muted small" title={row.description}>
          {toolDescription(t, row)}
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
