import { useEffect } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import { McpConfigEditor } from './McpConfigEditor';
import { McpServerRow } from './McpServerRow';
import { useMcpStore } from './use-mcp-store';
import './mcp.css';

/** MCP servers: the JSON config on the left, what each server is doing on the right. */
export function McpView() {
  const t = useT();
  const { mcp } = useAppModel();
  const state = useMcpStore();
  useEffect(() => {
    void mcp.refresh();
  }, [mcp]);

  return (
    <section className="page mcp-page" data-testid="mcp-page">
      <div className="page-head">
        <h1>{t('mcp.title')}</h1>
        <button
          type="button"
          className="btn"
          data-testid="mcp-reconnect-all"
          disabled={state.servers.length === 0}
          onClick={() => void mcp.reconnect()}
        >
          {t('mcp.reconnectAll')}
        </button>
      </div>
      <p className="muted small">{t('mcp.intro')}</p>
      {state.error && (
        <p className="inline-error" role="alert" data-testid="mcp-error">
          {appErrorTextWithCause(t, state.error)}
        </p>
      )}
      <div className="mcp-columns">
        <McpConfigEditor />
        <div className="mcp-servers">
          <h2 className="section-heading">{t('mcp.servers')}</h2>
          {state.servers.length === 0 ? (
            <p className="muted" data-testid="mcp-no-servers">
              {t('mcp.noServers')}
            </p>
          ) : (
            <ul className="plain-list" data-testid="mcp-server-list">
              {state.servers.map((server) => (
                <McpServerRow
                  key={server.name}
                  status={server}
                  onReconnect={() => void mcp.reconnect(server.name)}
                  keyProtection={state.keyProtection}
                  onSetKey={(apiKey) => mcp.setKey(server.name, apiKey)}
                />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
