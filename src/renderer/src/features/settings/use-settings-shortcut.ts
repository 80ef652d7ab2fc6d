// Ctrl+, (⌘, on a Mac) opens the Settings page from anywhere in the app, as in
// most desktop apps; pressed on the page itself it leaves it as it is.
import { useEffect } from 'react';
import { useAppModel } from '../../app-model';

/** Whether a key press is the Settings shortcut. */
export function isSettingsShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key === ',';
}

export function useSettingsShortcut(): void {
  const { view } = useAppModel();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.repeat || !isSettingsShortcut(event)) return;
      event.preventDefault();
      view.setState('settings', true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [view]);
}
