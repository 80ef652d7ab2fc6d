import { useMemo, useState } from 'react';
import type { PreviewKind } from '@shared/previews/preview-policy';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { downloadText } from '../../lib/download';
import { CopyButton } from './CopyButton';
import { useMermaidRenderer } from './mermaid-renderer';
import { OpenPreviewDialog } from './OpenPreviewDialog';
import { PreviewFrame } from './PreviewFrame';
import { previewDocument, savedPreview } from './preview-output';
import './previews.css';

/**
 * A code block's live preview under it: the sandboxed frame at a fixed height (the box can be dragged taller) or
 * full size, and what can be done with it: copy the source, save it, open it in the system browser after asking.
 */
export function CodePreview({ id, kind, source }: { id: string; kind: PreviewKind; source: string }) {
  const t = useT();
  const { api, notices } = useAppModel();
  const renderer = useMermaidRenderer(kind === 'mermaid');
  const [full, setFull] = useState(false);
  const [asking, setAsking] = useState(false);
  const document = useMemo(
    () => previewDocument(kind, source, renderer.kind === 'ready' ? renderer.text : null),
    [kind, source, renderer],
  );

  const save = (): void => {
    if (document === null) return;
    const saved = savedPreview(kind, source, document);
    downloadText(saved.text, saved.fileName, saved.mime);
  };
  const open = async (): Promise<void> => {
    setAsking(false);
    if (document === null) return;
    const result = await api.invoke('app:open-preview', { document });
    if (!result.ok) notices.reportError(result.error);
  };

  return (
    <section
      id={id}
      className={full ? 'code-preview code-preview-full' : 'code-preview'}
      aria-label={t('preview.label', { kind })}
      data-testid="code-preview"
      data-kind={kind}
      data-full={full}
      // Esc leaves full size from anywhere in the preview but the frame (a key pressed there is the frame's).
      onKeyDown={(event) => event.key === 'Escape' && full && !asking && setFull(false)}
    >
      <div className="code-preview-bar">
        <span className="code-preview-note">{t('preview.sandboxed')}</span>
        <CopyButton getText={() => source} testId="preview-copy" small />
        <button
          type="button"
          className="btn btn-ghost btn-tiny"
          data-testid="preview-save"
          disabled={document === null}
          onClick={save}
        >
          {t('preview.saveAs')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-tiny"
          data-testid="preview-open"
          disabled={document === null}
          onClick={() => setAsking(true)}
        >
          {t('preview.openBrowser')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-tiny"
          aria-pressed={full}
          data-testid="preview-full"
          onClick={() => setFull(!full)}
        >
          {full ? t('preview.exitFullSize') : t('preview.fullSize')}
        </button>
      </div>
      <div className="code-preview-box">
        {document !== null ? (
          <PreviewFrame document={document} title={t('preview.frameTitle', { kind })} />
        ) : (
          <p className="code-preview-wait" role="status" data-testid="preview-wait">
            {renderer.kind === 'failed'
              ? t('preview.rendererFailed', { reason: renderer.reason })
              : t('preview.loadingRenderer')}
          </p>
        )}
      </div>
      {asking && <OpenPreviewDialog onOpen={() => void open()} onCancel={() => setAsking(false)} />}
    </section>
  );
}
