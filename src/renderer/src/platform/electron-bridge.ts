import type { EvaApi } from './types';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    eva?: EvaApi;
  }
}

/** The preload's API when running inside Electron, else null. */
export function getElectronBridge(target: Pick<Window, 'eva'> = window): EvaApi | null {
  return target.eva ?? null;
}
