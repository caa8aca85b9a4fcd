// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileDropZone } from '../../src/ui/FileDropZone';

afterEach(cleanup);

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function zone() {
  const zoneElement = screen.getByText(/Drop a file here/).closest('.file-drop');
  if (!zoneElement) throw new Error('no drop zone');
  return zoneElement;
}

describe('FileDropZone', () => {
  it('hands over the first dropped file, or every one when multiple, and marks the zone while dragging', () => {
    const onFiles = vi.fn();
    const { rerender } = render(<FileDropZone onFiles={onFiles} hint="PDF, up to 20 MB" />);
    fireEvent.dragOver(zone(), { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(zone().getAttribute('data-state')).toBe('over');
    fireEvent.drop(zone(), { dataTransfer: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    expect(zone().getAttribute('data-state')).toBeNull();
    expect(onFiles).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'a.pdf' })]);

    rerender(<FileDropZone onFiles={onFiles} hint="PDF, up to 20 MB" multiple />);
    fireEvent.drop(zone(), { dataTransfer: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    expect(onFiles.mock.lastCall?.[0]).toHaveLength(2);
  });

  it('takes a file chosen with the button, and the same file again', async () => {
    const onFiles = vi.fn();
    render(<FileDropZone onFiles={onFiles} hint="PDF, up to 20 MB" buttonLabel="Upload a document" />);
    const button = screen.getByRole('button', { name: 'Upload a document' });
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByText('PDF, up to 20 MB').id);
    const input = document.querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, pdf('c.pdf'));
    await userEvent.upload(input, pdf('c.pdf'));
    expect(onFiles).toHaveBeenCalledTimes(2);
    expect(onFiles).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'c.pdf' })]);
  });

  it('ignores drops while busy and says why the last file was refused', () => {
    const onFiles = vi.fn();
    render(<FileDropZone onFiles={onFiles} hint="PDF, up to 20 MB" error="a.exe is not allowed." isBusy />);
    fireEvent.drop(zone(), { dataTransfer: { files: [pdf('a.pdf')] } });
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Checking…' })).toHaveProperty('disabled', true);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('a.exe is not allowed.');
    expect(screen.getByRole('button').getAttribute('aria-describedby')).toContain(alert.id);
  });
});
