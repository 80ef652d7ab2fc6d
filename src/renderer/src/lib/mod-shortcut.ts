// The app's own Ctrl (⌘ on a Mac) + key shortcuts: one letter or sign with Ctrl or ⌘ alone, a held key's repeats and
// a press a field already took (the hotkeys form records combinations) left alone.
type ShortcutEvent = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'repeat' | 'defaultPrevented'
>;

/** Whether `event` is Ctrl+`key` or ⌘+`key` with no other modifier. */
export function isModShortcut(event: ShortcutEvent, key: string): boolean {
  return (
    !event.defaultPrevented &&
    !event.repeat &&
    !event.altKey &&
    !event.shiftKey &&
    (event.ctrlKey || event.metaKey) &&
    event.key.toLowerCase() === key
  );
}
