// Dropping a `.gguf`: onto an element (the load dialog), and anywhere on the page
// that does not take drops itself (the empty chat): the composer takes its own
// drops as attachments and marks them handled (defaultPrevented), so those are left alone.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { isGgufName } from './library-store';
import { useLibrary } from './use-library';

const hasFiles = (transfer: DataTransfer | null): boolean => transfer !== null && [...transfer.types].includes('Files');

/** Drag handlers for a drop target; `onPath` gets the path of a dropped model once it has one. */
export function useModelDropTarget(onPath: (path: string) => void): {
  dragging: boolean;
  handlers: Record<'onDragEnter' | 'onDragOver' | 'onDragLeave' | 'onDrop', (event: DragEvent) => void>;
} {
  const { library } = useLibrary();
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  return {
    dragging,
    handlers: {
      onDragEnter: (event) => {
        if (!hasFiles(event.dataTransfer)) return;
        depth.current++;
        setDragging(true);
      },
      onDragOver: (event) => {
        if (!hasFiles(event.dataTransfer)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: () => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop: (event) => {
        if (!hasFiles(event.dataTransfer)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        void library.takeDrop([...event.dataTransfer.files]).then((path) => path !== null && onPath(path));
      },
    },
  };
}

/**
 * A `.gguf` dropped anywhere else on the page: `onDrop` runs first (open the dialog), then `onPath` once the file has a
 * path.
 */
export function usePageModelDrop(enabled: boolean, onDrop: () => void, onPath: (path: string) => void): void {
  const { library } = useLibrary();
  const latest = useRef({ onDrop, onPath });
  useEffect(() => {
    latest.current = { onDrop, onPath };
  });
  useEffect(() => {
    if (!enabled) return;
    const over = (event: globalThis.DragEvent): void => {
      if (!event.defaultPrevented && hasFiles(event.dataTransfer)) event.preventDefault();
    };
    const drop = (event: globalThis.DragEvent): void => {
      const files = [...(event.dataTransfer?.files ?? [])];
      // Only models: any other file keeps whatever the page did with it before.
      if (event.defaultPrevented || files.length === 0 || !files.some((file) => isGgufName(file.name))) return;
      event.preventDefault();
      latest.current.onDrop();
      void library.takeDrop(files).then((path) => path !== null && latest.current.onPath(path));
    };
    document.addEventListener('dragover', over);
    document.addEventListener('drop', drop);
    return () => {
      document.removeEventListener('dragover', over);
      document.removeEventListener('drop', drop);
    };
  }, [enabled, library]);
}
