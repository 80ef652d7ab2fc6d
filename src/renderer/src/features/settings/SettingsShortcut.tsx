import { useSettingsShortcut } from './use-settings-shortcut';

/** Ctrl+, anywhere in the app; mounted once beside the pages, it renders nothing. */
export function SettingsShortcut(): null {
  useSettingsShortcut();
  return null;
}
