// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ErrorPopup, SuccessPopup, WarningPopup, errorPopupText } from '../../src/ui/Popups';
import { PopupProvider } from '../../src/ui/PopupProvider';
import { usePopups } from '../../src/ui/usePopups';
import type { PopupApi } from '../../src/ui/popupContext';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('SuccessPopup', () => {
  it('shows title and message without any button and closes itself after 2 s', () => {
    const onClose = vi.fn();
    render(
      <SuccessPopup
        isOpen
        title="Ticket Created"
        message="Your support ticket has been successfully created!"
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Ticket Created' });
    expect(dialog.textContent).toContain('Your support ticket has been successfully created!');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    advance(1999);
    expect(onClose).not.toHaveBeenCalled();
    advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorPopup', () => {
  it("reads exactly 'Error: {message}. Please try again.' and its warning OK button closes it", () => {
    const onClose = vi.fn();
    render(<ErrorPopup isOpen message="The server could not be reached" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(screen.getByText('Error: The server could not be reached. Please try again.')).toBeTruthy();
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok.classList.contains('btn--warning')).toBe(true);
    expect(document.activeElement).toBe(ok);
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Error: The server could not be reached. Please try again.',
    );
    fireEvent.click(ok);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not double a full stop the message already has', () => {
    expect(errorPopupText('Request cancelled')).toBe('Error: Request cancelled. Please try again.');
    expect(errorPopupText('Upload failed.')).toBe('Error: Upload failed. Please try again.');
  });
});

describe('PopupProvider', () => {
  it('shows queued popups one at a time', () => {
    let api: PopupApi | undefined;
    function Grab() {
      api = usePopups();
      return null;
    }
    render(
      <PopupProvider>
        <Grab />
      </PopupProvider>,
    );
    act(() => {
      api?.successPopup('Generating Energy Report!');
      api?.errorPopup('Report failed');
    });
    expect(screen.getByRole('dialog', { name: 'Generating Energy Report!' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
    advance(2000);
    expect(screen.queryByRole('dialog', { name: 'Generating Energy Report!' })).toBeNull();
    advance(500);
    expect(screen.getByRole('dialog', { name: 'Error' }).textContent).toContain(
      'Error: Report failed. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    advance(500);
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
  });
});

describe('WarningPopup', () => {
  it('says its message, which describes the dialog, and closes on OK', () => {
    const onClose = vi.fn();
    render(
      <WarningPopup isOpen title="Error" message="The ticket could not be created." onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    const message = screen.getByText('The ticket could not be created.');
    expect(message.tagName).toBe('P');
    expect(dialog.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
