import { useT, type Translate } from '../../i18n';
import { useNow } from '../../lib/use-now';
import { protectionText } from '../../ui/ApiKeyField';
import { SecretKeyField, type SecretKeyTexts } from '../../ui/SecretKeyField';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { serverErrorText, statusLine, type StatusTone } from './mcp-view';

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
        <SecretKeyField
          id={`mcp-key-${status.name}`}
          testId="mcp-key"
          className="mcp-key"
          hasKey={status.hasKey}
          texts={keyTexts(t, protectionText(t, keyProtection))}
          onSet={onSetKey}
        />
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

/** An HTTP server's key is sealed by the core (`mcp:set-key`), which reconnects the server; never shown again. */
function keyTexts(t: Translate, protection: string): SecretKeyTexts {
  return {
    label: t('mcp.key.label'),
    stored: t('mcp.key.stored', { protection }),
    none: t('mcp.key.none'),
    placeholder: t('mcp.key.placeholder'),
    save: t('mcp.key.save'),
    saving: t('mcp.key.saving'),
    replace: t('mcp.key.replace'),
    remove: t('mcp.key.remove'),
    cancel: t('mcp.key.cancel'),
    hint: t('mcp.key.hint', { protection }),
  };
}
