import { useRef, useState } from 'react';
import { PREVIEW_FRAME_FILE } from '@shared/previews/preview-policy';

/**
 * A preview document in a sandboxed frame: scripts run, at an opaque origin (no allow-same-origin), so the page's
 * DOM, storage and token are out of reach; no forms, popups or top navigation. The frame loads the app's own
 * preview-frame.html (its own policy, see there) and the document is handed over once it has loaded. A changed
 * document (a block still streaming) gets a fresh frame: a written document cannot take a second one.
 */
export function PreviewFrame({ document, title }: { document: string; title: string }) {
  const [shown, setShown] = useState({ document, revision: 0 });
  if (shown.document !== document) setShown({ document, revision: shown.revision + 1 });
  return <OneFrame key={shown.revision} document={shown.document} title={title} />;
}

function OneFrame({ document, title }: { document: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const sent = useRef(false);
  const handOver = (): void => {
    // Once: a load after that is the written document's own, or a page it navigated to.
    if (sent.current) return;
    sent.current = true;
    // '*': an opaque origin has no name to address it by. The document is what the frame is there to show.
    frame.current?.contentWindow?.postMessage(document, '*');
  };
  return (
    <iframe
      ref={frame}
      className="code-preview-frame"
      src={PREVIEW_FRAME_FILE}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      title={title}
      data-testid="preview-frame"
      onLoad={handOver}
    />
  );
}
