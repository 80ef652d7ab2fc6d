import { useT } from '../../i18n';
import { useNow } from '../../lib/use-now';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { serverErrorText, statusLine, type StatusTone } from './mcp-view';
import { McpKeyField } from './McpKeyField';

const DOT: Record<StatusTone, string> = {
  ok: 'dot state-ready',
  busy: 'dot state-starting',
  err: 'dot state-error',
  off: 'dot',
};

/** One server: state, tool count, the error and what it printed, its API key (HTTP servers), its tools. */
export function McpServerRow({
  status,
  onReconnect,
  keyProtection = '',
  onSetKey,
}: {
  status: McpServerStatus;
  onReconnect: () => void;
  keyProtection?: string;
  onSetKey?: (apiKey: string | null) => Promise<boolean>;
}) {
  const t = useT();
  const now = useNow(status.state === 'error' && status.retryAt !== null, 1000);
  const line = statusLine(status, now);

  return (
    <li className="card mcp-server" data-testid={`mcp-server-${status.name}`} data-state={status.state}>
      <div className="mcp-server-head">
        <span className={DOT[line.tone]} aria-hidden="true" />
        <strong className="mono">{status.name}</strong>
        <span className="muted small" data-testid="mcp-server-state">
          {t(line.key, line.vars)}
        </span>
        {status.pid !== null && <span className="muted small mono">pid {status.pid}</span>}
        {status.state !== 'disabled' && (
          <button
            type="button"
            className="btn btn-ghost btn-tiny mcp-reconnect"
            data-testid="mcp-reconnect"
            onClick={onReconnect}
          >
            {t('mcp.reconnect')}
          </button>
        )}
      </div>
      {status.error && (
        <p className="inline-error small mcp-server-error" data-testid="mcp-server-error">
          {serverErrorText(t, status.error)}
        </p>
      )}
      {status.hasKey !== undefined && onSetKey && (
        <McpKeyField server={status.name} hasKey={status.hasKey} protection={keyProtection} onSet={onSetKey} />
      )}
      {status.stderrTail.trim() !== '' && status.state === 'error' && (
        <details className="mcp-stderr">
          <summary className="small">{t('mcp.stderr')}</summary>
          <pre className="mono small">{status.stderrTail}</pre>
        </details>
      )}
      {status.tools.length > 0 && (
        <details className="mcp-tools">
          <summary className="small">{t('mcp.tools', { count: status.tools.length })}</summary>
          <ul className="plain-list">
            {status.tools.map((tool) => (
              <li key={tool.name} className="small">
                <span className="mono">
                  {status.name}@{tool.name}
                </span>
                {/* Every MCP tool asks by default; read-only is the server's own claim, shown as such. */}
                <span className="badge warn">{t('mcp.asks')}</span>
                {tool.readOnly && <span className="badge">{t('mcp.readOnly')}</span>}
                {tool.description && <span className="muted"> — {tool.description}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
