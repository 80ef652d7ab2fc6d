import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { hasNoServers, issueText, MCP_CONFIG_EXAMPLE } from './mcp-view';
import { useMcpStore } from './use-mcp-store';

/** The `{ "mcpServers": … }` JSON, checked as it is typed; Save sends it to the core. */
export function McpConfigEditor() {
  const t = useT();
  const { mcp } = useAppModel();
  const state = useMcpStore();
  const dirty = state.draft !== state.savedText;
  const invalid = state.issues.length > 0;

  return (
    <div className="mcp-editor">
      <label className="mcp-editor-label" htmlFor="mcp-config">
        {t('mcp.config')} <span className="muted small mono">{state.configPath}</span>
      </label>
      {state.fileIssues.length > 0 && (
        <p className="inline-error" data-testid="mcp-file-issues">
          {t('mcp.fileBroken')}
        </p>
      )}
      <textarea
        id="mcp-config"
        className="input textarea mono mcp-textarea"
        data-testid="mcp-config"
        spellCheck={false}
        rows={18}
        value={state.draft}
        placeholder={MCP_CONFIG_EXAMPLE}
        aria-invalid={invalid}
        aria-describedby="mcp-config-issues"
        onChange={(event) => mcp.edit(event.target.value)}
      />
      <ul id="mcp-config-issues" className="plain-list mcp-issues" data-testid="mcp-issues" aria-live="polite">
        {state.issues.map((issue) => (
          <li key={`${issue.path}:${issue.message}`} className="inline-error mono small">
            {issueText(t, issue, state.configPath)}
          </li>
        ))}
      </ul>
      <div className="toolbar">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="mcp-save"
          disabled={!dirty || invalid || state.saving}
          onClick={() => void mcp.save()}
        >
          {state.saving ? t('mcp.saving') : t('mcp.save')}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="mcp-revert"
          disabled={!dirty || state.saving}
          onClick={() => mcp.revert()}
        >
          {t('mcp.revert')}
        </button>
        {hasNoServers(state.draft) ? (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="mcp-example"
            onClick={() => mcp.edit(MCP_CONFIG_EXAMPLE)}
          >
            {t('mcp.example')}
          </button>
        ) : null}
      </div>
      <p className="muted small">{t('mcp.configHint')}</p>
      <p className="muted small">{t('mcp.keyHint')}</p>
    </div>
  );
}
