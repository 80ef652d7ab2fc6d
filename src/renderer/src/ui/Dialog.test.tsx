// @vitest-environment jsdom
// The modal frame: its title names it, the focus starts where asked and stays inside, Escape and a click on the
// backdrop close it when it may be dismissed, and neither does when it may not (only its own buttons close it).
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { Dialog } from './Dialog';

afterEach(cleanupApps);

function Opened({ dismissable }: { dismissable: boolean }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  if (!open) return <p data-testid="closed">closed</p>;
  return (
    <Dialog
      alert={dismissable}
      className="test-dialog"
      testId="test-dialog"
      titleId="test-dialog-title"
      title="Open it?"
      describedBy="test-dialog-text"
      initialFocus='[data-testid="test-dialog-cancel"]'
      onDismiss={dismissable ? close : undefined}
      footer={
        <button type="button" data-testid="test-dialog-cancel" onClick={close}>
          Cancel
        </button>
      }
    >
      <p id="test-dialog-text">It leaves the app.</p>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is named by its title, focuses what it is told, and closes on Escape or a click beside it', async () => {
    await renderWithApp(<Opened dismissable />);
    const dialog = screen.getByTestId('test-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.className).toBe('dialog test-dialog');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Open it?');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('It leaves the app.');
    expect(document.activeElement).toBe(screen.getByTestId('test-dialog-cancel'));
    fireEvent.mouseDown(dialog);
    expect(screen.getByTestId('test-dialog')).toBe(dialog);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.getByTestId('closed')).toBeTruthy();
  });

  it('closes on a click on the backdrop when it may be dismissed', async () => {
    await renderWithApp(<Opened dismissable />);
    fireEvent.mouseDown(screen.getByTestId('test-dialog').parentElement!);
    expect(screen.getByTestId('closed')).toBeTruthy();
  });

  it('stays on Escape and on a click beside it when it may not be dismissed; its own button closes it', async () => {
    await renderWithApp(<Opened dismissable={false} />);
    const dialog = screen.getByTestId('test-dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.getByTestId('test-dialog')).toBe(dialog);
    fireEvent.click(screen.getByTestId('test-dialog-cancel'));
    expect(screen.getByTestId('closed')).toBeTruthy();
  });
});
