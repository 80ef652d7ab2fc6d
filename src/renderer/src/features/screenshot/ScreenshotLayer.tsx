import { useCallback, useEffect, useMemo } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { newId } from '../../lib/new-id';
import { useStore } from 'zustand';
import { cropImage } from './crop-image';
import { RegionPicker } from './RegionPicker';
import { createScreenshotStore, type Notify } from './screenshot-store';
import './screenshot.css';

/**
 * F1 / Shift+F1 → a screenshot in the chat draft; shows the region picker and a "taking a screenshot" line while busy.
 */
export function ScreenshotLayer() {
  const t = useT();
  const model = useAppModel();
  const store = useMemo(
    () =>
      createScreenshotStore({
        api: model.api,
        draft: model.chat.draft,
        // Only the local server says what it takes; a link endpoint decides for itself.
        knownProps: () =>
          model.app.store.getState().settings?.chat.endpoint.kind === 'local' ? model.chat.props.getState() : null,
        crop: cropImage,
        newId: () => newId(),
      }),
    [model],
  );
  const state = useStore(store.state);
  const notify = useCallback<Notify>(
    ({ level, code, key, vars }) => model.notices.push({ level, code, message: t(key, vars) }),
    [model, t],
  );

  useEffect(() => {
    const stops = [
      model.hotkeys.on('screenshot', () => void store.take(false, notify)),
      model.hotkeys.on('screenshotRegion', () => void store.take(true, notify)),
    ];
    return () => stops.forEach((stop) => stop());
  }, [model, store, notify]);

  if (state.phase === 'capturing') {
    return (
      <p className="screenshot-busy" role="status" data-testid="screenshot-busy">
        {t('screenshot.capturing')}
      </p>
    );
  }
  if (state.phase === 'picking')
    return (
      <RegionPicker capture={state.capture} onPick={(rect) => void store.pick(rect, notify)} onCancel={store.cancel} />
    );
  return null;
}
