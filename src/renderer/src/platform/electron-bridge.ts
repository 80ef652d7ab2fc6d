import type { EvaApi, ModelDrop, Platform } from './types';

/** What the preload exposes as `window.evaFiles`: Electron's webUtils.getPathForFile, checked there. */
export interface EvaFiles {
  pathForFile(file: File): string;
}

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    eva?: EvaApi;
    /** Set by the Electron preload beside `eva`: dropped files' own paths. */
    evaFiles?: EvaFiles;
  }
}

/** The preload's API when running inside Electron (with the drop capability when the preload gave it), else null. */
export function getElectronBridge(target: Pick<Window, 'eva' | 'evaFiles'> = window): Platform | null {
  const eva = target.eva;
  if (!eva) return null;
  const files = target.evaFiles;
  if (!files) return eva;
  const modelDrop: ModelDrop = {
    pathOf: (file) => {
      const path = files.pathForFile(file);
      return typeof path === 'string' && path !== '' ? path : null;
    },
  };
  // The exposed object is frozen by the context bridge: wrap it rather than add to it.
  return { invoke: eva.invoke, on: eva.on, modelDrop } satisfies Platform;
}
