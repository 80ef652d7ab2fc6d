import { useEffect, useRef, type KeyboardEvent } from 'react';

export interface RowMenuItem {
  label: string;
  testId: string;
  /** the key that does the same on a focused row, shown beside the label */
  shortcut?: string;
  onSelect(): void;
  danger?: boolean;
}

interface Props {
  label: string;
  items: readonly RowMenuItem[];
  onClose(): void;
}

/**
 * A history row's actions as a menu with words, not a strip of symbols squeezing the
 * title: ↑/↓ move, Enter chooses, Esc or a click elsewhere closes (the focus goes back
 * to the ⋯ button or the row that opened it: Shift+F10, the menu key or a right-click).
 */
export function RowMenu({ label, items, onClose }: Props) {
  const menu = useRef<HTMLDivElement>(null);
  /** a chosen item takes the focus where it needs it (the rename box): no going back to ⋯ then */
  const chosen = useRef(false);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent): void => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', onPointer, true);
    return () => {
      document.removeEventListener('mousedown', onPointer, true);
      if (!chosen.current && opener?.isConnected) opener.focus();
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(at + (event.key === 'ArrowDown' ? 1 : entries.length - 1)) % entries.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div
      className="row-menu"
      role="menu"
      aria-label={label}
      ref={menu}
      onKeyDown={onKeyDown}
      data-testid="history-menu-list"
    >
      {items.map((item) => (
        <button
          key={item.testId}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`row-menu-item${item.danger ? ' is-danger' : ''}`}
          data-testid={item.testId}
          onClick={() => {
            chosen.current = true;
            onClose();
            item.onSelect();
          }}
        >
          <span>{item.label}</span>
          {item.shortcut && (
            <kbd className="row-menu-key" aria-hidden="true">
              {item.shortcut}
            </kbd>
          )}
        </button>
      ))}
    </div>
  );
}
