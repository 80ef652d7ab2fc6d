// What a tool returned besides text, under its step card: images as
// thumbnails (open full size, save), audio and embedded resources with their
// type and size (text opens in place, binary is saved), links to resources
// (read from their server on demand). Items come from a saved run too, so only
// what shownContent lets through is drawn; one dropped for size says so.
import { useMemo, useState } from 'react';
import { shownContent } from '@shared/tools/tool-content';
import type { ToolContent } from '@shared/tools/tool-types';
import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { ImageViewer } from './ImageViewer';
import { ResourceLinkItem } from './ResourceLinkItem';
import { contentFileName, dataUrlText, isTextType, saveDataUrl } from './step-content-files';
import './step-content.css';

type Image = Extract<ToolContent, { kind: 'image' }>;

export function StepContent({ content, server }: { content: readonly ToolContent[]; server: string | null }) {
  const t = useT();
  const items = useMemo(() => shownContent(content), [content]);
  const [viewing, setViewing] = useState<number | null>(null);
  if (items.length === 0) return null;
  const images = items.flatMap((item, index) =>
    item.kind === 'image'
      ? [{ item, index, n: items.slice(0, index + 1).filter((i) => i.kind === 'image').length }]
      : [],
  );
  const shown = viewing === null ? null : items[viewing];

  return (
    <div className="step-content" data-testid="step-content">
      {images.length > 0 && (
        <ul className="step-thumbs">
          {images.map(({ item, index, n }) => (
            <li key={index} className="step-thumb" data-testid="step-image" data-kept={item.dataUrl !== null}>
              {item.dataUrl !== null ? (
                <>
                  <button
                    type="button"
                    className="step-thumb-open"
                    aria-label={t('agent.content.openImage', { n })}
                    data-testid="step-image-open"
                    onClick={() => setViewing(index)}
                  >
                    <img src={item.dataUrl} alt={t('agent.content.image', { n })} />
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-tiny"
                    data-testid="step-image-save"
                    onClick={() => saveDataUrl(item.dataUrl!, contentFileName(item, n - 1))}
                  >
                    {t('agent.content.save')}
                  </button>
                </>
              ) : (
                <span className="step-dropped muted small" data-testid="step-dropped">
                  {t('agent.content.dropped', { type: item.mimeType, size: formatBytes(item.bytes) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ul className="step-resources">
        {items.map((item, index) =>
          item.kind === 'resource_link' ? (
            <ResourceLinkItem key={index} link={item} index={index} server={server} />
          ) : item.kind === 'image' ? null : (
            <FileItem key={index} item={item} index={index} />
          ),
        )}
      </ul>
      {shown?.kind === 'image' && shown.dataUrl !== null && (
        <ImageViewer
          src={shown.dataUrl}
          title={t('agent.content.image', { n: images.find((image) => image.index === viewing)?.n ?? 1 })}
          onSave={() =>
            saveDataUrl(
              shown.dataUrl!,
              contentFileName(shown as Image, (images.find((image) => image.index === viewing)?.n ?? 1) - 1),
            )
          }
          onClose={() => setViewing(null)}
        />
      )}
    </div>
  );
}

/** Audio or an embedded resource: its type and size; audio plays, text opens in place, anything else is saved. */
function FileItem({ item, index }: { item: Exclude<ToolContent, { kind: 'image' | 'resource_link' }>; index: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const dataUrl = item.dataUrl ?? null;
  const text = item.kind === 'resource' ? item.text : undefined;
  // A text resource, or a blob the server labelled as text: shown, not saved.
  const readable = text !== undefined || (item.kind === 'resource' && dataUrl !== null && isTextType(item.mimeType));
  const body = open ? (text ?? (dataUrl !== null ? dataUrlText(dataUrl) : '')) : '';
  const dropped = !readable && dataUrl === null;
  return (
    <li
      className="step-resource"
      data-testid={item.kind === 'audio' ? 'step-audio' : 'step-resource'}
      data-kept={!dropped}
    >
      <div className="step-resource-head">
        <span className="step-resource-kind">
          {t(item.kind === 'audio' ? 'agent.content.audio' : 'agent.content.resource')}
        </span>
        {item.kind === 'resource' && <span className="step-resource-name mono">{item.uri}</span>}
        {item.mimeType && <span className="badge mono">{item.mimeType}</span>}
        <span className="muted small">{formatBytes(item.bytes)}</span>
        {readable ? (
          <button
            type="button"
            className="btn btn-ghost btn-tiny"
            data-testid="step-resource-open"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? t('agent.content.hide') : t('agent.content.open')}
          </button>
        ) : dataUrl !== null ? (
          <button
            type="button"
            className="btn btn-ghost btn-tiny"
            data-testid="step-resource-save"
            onClick={() => saveDataUrl(dataUrl, contentFileName(item, index))}
          >
            {t('agent.content.save')}
          </button>
        ) : (
          <span className="step-dropped muted small" data-testid="step-dropped">
            {t('agent.content.droppedShort')}
          </span>
        )}
      </div>
      {open && (
        <pre className="step-pre step-resource-text" data-testid="step-resource-text">
          {body}
        </pre>
      )}
      {/* shownContent let through only a data: URL of the item's own audio type: nothing is fetched. */}
      {item.kind === 'audio' && dataUrl !== null && (
        <audio
          className="step-audio-player"
          controls
          preload="metadata"
          src={dataUrl}
          data-testid="step-audio-player"
        />
      )}
    </li>
  );
}
