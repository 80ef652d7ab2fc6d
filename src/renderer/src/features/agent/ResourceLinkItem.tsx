// A resource a tool only named (MCP `resource_link`): its name, type and
// address; Open reads it from the server it came from (`mcp:read-resource`)
// and shows its text or image, or says why it cannot be shown.
import { useState } from 'react';
import type { InvokeOutput } from '@shared/contract';
import type { ToolContent } from '@shared/tools/tool-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { appErrorText } from '../../ui/app-error-text';
import type { AppError } from '../../platform/types';
import { contentFileName, saveDataUrl } from './step-content-files';

type Link = Extract<ToolContent, { kind: 'resource_link' }>;
type Reading =
  | { state: 'closed' }
  | { state: 'reading' }
  | { state: 'open'; value: InvokeOutput<'mcp:read-resource'> }
  | { state: 'failed'; error: AppError };

export function ResourceLinkItem({ link, index, server }: { link: Link; index: number; server: string | null }) {
  const t = useT();
  const { api } = useAppModel();
  const [reading, setReading] = useState<Reading>({ state: 'closed' });

  const open = async (): Promise<void> => {
    if (server === null) return;
    setReading({ state: 'reading' });
    const result = await api.invoke('mcp:read-resource', { server, uri: link.uri });
    setReading(result.ok ? { state: 'open', value: result.value } : { state: 'failed', error: result.error });
  };

  return (
    <li className="step-resource" data-testid="step-resource-link" data-uri={link.uri}>
      <div className="step-resource-head">
        <span className="step-resource-kind">{t('agent.content.link')}</span>
        <span className="step-resource-name">{link.name ?? link.uri}</span>
        {link.mimeType && <span className="badge mono">{link.mimeType}</span>}
        {server !== null &&
          (reading.state === 'open' ? (
            <button type="button" className="btn btn-ghost btn-tiny" onClick={() => setReading({ state: 'closed' })}>
              {t('agent.content.hide')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-ghost btn-tiny"
              data-testid="step-resource-open"
              disabled={reading.state === 'reading'}
              onClick={() => void open()}
            >
              {reading.state === 'reading' ? t('agent.content.reading') : t('agent.content.open')}
            </button>
          ))}
      </div>
      <p className="step-resource-uri mono">{link.uri}</p>
      {link.description && <p className="step-resource-description">{link.description}</p>}
      {reading.state === 'failed' && (
        <p className="inline-error small" role="alert">
          {t('agent.content.readFailed', { message: appErrorText(t, reading.error) })}
        </p>
      )}
      {reading.state === 'open' &&
        reading.value.parts.map((part, at) => {
          switch (part.kind) {
            case 'text':
            case 'resource-text':
              return (
                <pre key={at} className="step-pre step-resource-text" data-testid="step-resource-text">
                  {part.text}
                </pre>
              );
            case 'image':
              return <img key={at} className="step-resource-image" src={part.dataUrl} alt={link.name ?? link.uri} />;
            case 'audio':
              return (
                <button
                  key={at}
                  type="button"
                  className="btn btn-small"
                  onClick={() =>
                    saveDataUrl(
                      part.dataUrl,
                      contentFileName(
                        { kind: 'audio', mimeType: part.mimeType, bytes: part.bytes, dataUrl: part.dataUrl },
                        index,
                      ),
                    )
                  }
                >
                  {t('agent.content.saveAudio', { type: part.mimeType, size: formatBytes(part.bytes) })}
                </button>
              );
            case 'link':
              return (
                <p key={at} className="step-resource-uri mono">
                  {part.uri}
                </p>
              );
            default:
              return (
                <p key={at} className="muted small" data-testid="step-resource-skipped">
                  {t(part.reason === 'too_large' ? 'agent.content.linkTooLarge' : 'agent.content.linkBinary', {
                    type: part.mimeType ?? '?',
                    size: formatBytes(part.size),
                  })}
                </p>
              );
          }
        })}
    </li>
  );
}
