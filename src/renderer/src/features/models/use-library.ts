import { useEffect } from 'react';
import { useAppModel } from '../../app-model';
import { modelsFeatureOf, type ModelsFeature } from './models-feature';

/** The models feature's stores for the app model in context. */
export function useLibrary(): ModelsFeature {
  return modelsFeatureOf(useAppModel());
}

/**
 * Starts the library (download events, first scan) for as long as the caller is mounted: the always-mounted load
 * dialog.
 */
export function useLibraryRunning(): void {
  const library = useLibrary();
  useEffect(() => library.start(), [library]);
}
