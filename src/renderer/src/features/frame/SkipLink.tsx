// The way to the message box from the keyboard: the page's first Tab stop, "Skip to message box" (seen only while it
// has the focus), and Ctrl+L (⌘L on a Mac) from any page. Without them the top bar and the history list came first:
// some twenty Tab presses from a page load to the message box.
import { useEffect } from 'react';
import { useAppModel, type AppModel } from '../../app-model';
import { useT } from '../../i18n';
import './frame.css';
import { isModShortcut } from '../../lib/mod-shortcut';

/**
 * Shows the home page and puts the cursor in the message box. Until there is a chat to show (no model loaded yet), the
 * home page's first control takes the focus instead, so the keys never leave it nowhere.
 */
export function focusMessageBox(model: Pick<AppModel, 'view' | 'chat'>): void {
  if (model.view.getState() !== 'home') model.view.setState('home', true);
  model.chat.composerFocus.setState((n) => n + 1, true);
  requestAnimationFrame(() => {
    const main = document.querySelector<HTMLElement>('main');
    if (!main || main.contains(document.activeElement)) return;
    main.querySelector<HTMLElement>('textarea, input, button, select, a[href], [tabindex="0"]')?.focus();
  });
}

export function SkipLink() {
  const t = useT();
  const model = useAppModel();
  useComposerHotkey(model);
  return (
    <button
      type="button"
      className="skip-link"
      data-testid="skip-to-composer"
      aria-keyshortcuts="Control+L"
      onClick={() => focusMessageBox(model)}
    >
      {t('topbar.skipToComposer')}
    </button>
  );
}

/** Ctrl+L (⌘L on a Mac), on every page: the fixed hotkeys F1, Shift+F1 and F2 and Ctrl+B leave it free. */
function useComposerHotkey(model: AppModel): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!isModShortcut(event, 'l')) return;
      // An open dialog holds the keyboard: the message box behind it is not reachable until it closes.
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      focusMessageBox(model);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [model]);
}
