// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EditDocumentDialog,
  UploadDocumentDialog,
} from '../../../src/features/contracts/documents/DocumentDialogs';

afterEach(cleanup);

const pdf = { fileName: 'Scan.pdf', kind: 'pdf', mimeType: 'application/pdf', size: 2048 } as const;

describe('document dialogs', () => {
  it('edit: starts from the name and type, shows a save problem on its field, then saves and closes', async () => {
    const onClose = vi.fn();
    const onSave = vi
      .fn()
      .mockResolvedValueOnce({ field: 'fileName', problem: 'needs letters or digits' })
      .mockResolvedValueOnce(null);
    render(
      <EditDocumentDialog
        isOpen
        onClose={onClose}
        document={{ id: 'doc-1', fileName: 'Scan.pdf', documentType: 'Invoice' }}
        isOnline
        onSave={onSave}
      />,
    );
    const name = screen.getByLabelText<HTMLInputElement>(/File name/);
    expect(name.value).toBe('Scan.pdf');
    expect(screen.getByLabelText<HTMLSelectElement>(/Document type/).value).toBe('Invoice');
    await userEvent.clear(name);
    await userEvent.type(name, '***');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('needs letters or digits')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Signed');
    await userEvent.selectOptions(screen.getByLabelText(/Document type/), 'Contract');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenLastCalledWith({ fileName: 'Signed', documentType: 'Contract' });
  });

  it('upload: keeps the file type in the name, defaults to Other, and offers consultants-only to consultants', async () => {
    const onClose = vi.fn();
    const onSave = vi.fn().mockResolvedValue(null);
    render(
      <UploadDocumentDialog
        isOpen
        onClose={onClose}
        file={pdf}
        canKeepForConsultants
        isOnline
        onSave={onSave}
      />,
    );
    expect(screen.getByText('The file keeps its type: a name without .pdf gets it.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>(/Document type/).value).toBe('Other');
    const name = screen.getByLabelText<HTMLInputElement>(/File name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Signed');
    await userEvent.click(screen.getByLabelText('Visible to consultants only'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      fileName: 'Signed.pdf',
      documentType: 'Other',
      isConsultant: true,
    });
  });
});
