// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trapFocus } from './focus-trap';

// jsdom lays nothing out, so every element would count as hidden; the trap only needs "has a box".
const withBox = <T extends HTMLElement>(element: T): T => {
  element.getClientRects = () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList;
  return element;
};

function page() {
  document.body.innerHTML = '';
  const opener = withBox(document.createElement('button'));
  const elsewhere = withBox(document.createElement('textarea'));
  const dialog = document.createElement('div');
  const first = withBox(document.createElement('input'));
  const last = withBox(document.createElement('button'));
  dialog.append(first, last);
  document.body.append(opener, elsewhere, dialog);
  opener.focus();
  return { opener, elsewhere, dialog, first, last };
}

const press = (key: string, shiftKey = false) =>
  document.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('trapFocus', () => {
  it('focuses the first field, cycles Tab and Shift+Tab inside, and Esc asks to close', () => {
    const { dialog, first, last } = page();
    const onEscape = vi.fn();
    const release = trapFocus(dialog, { onEscape });
    expect(document.activeElement).toBe(first);
    last.focus();
    press('Tab');
    expect(document.activeElement).toBe(first);
    press('Tab', true);
    expect(document.activeElement).toBe(last);
    press('Escape');
    expect(onEscape).toHaveBeenCalledTimes(1);
    release();
  });

  it('gives the focus back to the opener when the dialog had it or when it went with the dialog', () => {
    const one = page();
    trapFocus(one.dialog)();
    expect(document.activeElement).toBe(one.opener);

    const two = page();
    const release = trapFocus(two.dialog);
    two.dialog.remove();
    release();
    expect(document.activeElement).toBe(two.opener);
  });

  it('leaves the focus where it went when it moved outside before the dialog closed', () => {
    const { dialog, elsewhere } = page();
    const release = trapFocus(dialog);
    elsewhere.focus();
    release();
    expect(document.activeElement).toBe(elsewhere);
  });
});
