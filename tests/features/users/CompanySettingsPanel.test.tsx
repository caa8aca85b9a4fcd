// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiResult } from '../../../src/api/http';
import type { CompanyRow } from '../../../src/db/rows';
import { CompanySettingsPanel } from '../../../src/features/users/CompanySettingsPanel';
import { ToastProvider } from '../../../src/ui/ToastProvider';

afterEach(cleanup);

const company = { id: 3, name: 'Northwind Retail' } as CompanyRow;

function panel(save: () => Promise<ApiResult<CompanyRow>>, log: string[], canSave = true) {
  render(
    <ToastProvider>
      <CompanySettingsPanel
        titleId="settings-title"
        title="Settings: Northwind Retail"
        company={company}
        isOnline
        canSave={canSave}
        canUndo
        saveLabel="Save settings"
        savedToast={['Settings saved', 'Seen at the next sync.']}
        save={save}
        undo={() => log.push('undo')}
        onChanged={() => log.push('changed')}
      >
        <p>fields</p>
      </CompanySettingsPanel>
    </ToastProvider>,
  );
}

describe('a company settings panel of the Users page', () => {
  it('saves, says so and asks its owner to reload; Undo undoes', async () => {
    const log: string[] = [];
    panel(() => Promise.resolve({ ok: true, status: 200, data: company } as ApiResult<CompanyRow>), log);
    expect(screen.getByRole('region', { name: 'Settings: Northwind Retail' }).textContent).toContain(
      'fields',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByText('Settings saved')).toBeTruthy());
    expect(log).toEqual(['changed']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(log).toEqual(['changed', 'undo']);
  });

  it('shows the server’s refusal, and cannot save when nothing may be saved', async () => {
    const log: string[] = [];
    const refused = {
      ok: false,
      status: 400,
      error: { message: 'A threshold is out of range' },
    } as ApiResult<CompanyRow>;
    panel(() => Promise.resolve(refused), log);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByText('A threshold is out of range')).toBeTruthy());
    cleanup();
    panel(() => Promise.resolve(refused), log, false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save settings' }).disabled).toBe(true);
  });
});
