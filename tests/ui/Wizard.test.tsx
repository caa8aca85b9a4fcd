// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Wizard } from '../../src/ui/Wizard';
import type { WizardStep } from '../../src/ui/Wizard';

afterEach(cleanup);

function steps(gate: () => boolean | Promise<boolean> = () => true): WizardStep[] {
  return [
    { id: 'company', title: 'Company', content: <p>Company form</p>, beforeChange: gate },
    { id: 'contacts', title: 'Contacts', content: <p>Contacts form</p> },
    { id: 'review', title: 'Review', content: <p>Review page</p> },
  ];
}

const stepButton = (name: RegExp) => screen.getByRole('button', { name });

describe('Wizard', () => {
  it('starts on the first step with Next only', () => {
    render(<Wizard label="New company" steps={steps()} onFinish={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Company' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(stepButton(/Step 1: Company/).getAttribute('aria-current')).toBe('step');
  });

  it('blocks Next while beforeChange returns false, sync or async', async () => {
    const user = userEvent.setup();
    let isValid = false;
    const gate = vi.fn(async () => Promise.resolve(isValid));
    render(<Wizard label="New company" steps={steps(gate)} onFinish={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(gate).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Company form')).toBeTruthy();
    isValid = true;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Contacts form')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
  });

  it('treats a throwing beforeChange as a failed check', async () => {
    const user = userEvent.setup();
    render(
      <Wizard
        label="New company"
        steps={steps(() => {
          throw new Error('boom');
        })}
        onFinish={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Company form')).toBeTruthy();
  });

  it('jumps only to checked steps, each shown with a check mark', async () => {
    const user = userEvent.setup();
    const onStepChange = vi.fn<(index: number) => void>();
    render(<Wizard label="New company" steps={steps()} onFinish={() => {}} onStepChange={onStepChange} />);
    // Not reached yet: the step buttons are disabled, so a click does nothing.
    expect(stepButton(/Step 3: Review/)).toHaveProperty('disabled', true);
    await user.click(stepButton(/Step 3: Review/));
    expect(screen.getByText('Company form')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Review page')).toBeTruthy();
    expect(stepButton(/Step 1: Company \(done\)/)).toBeTruthy();
    expect(stepButton(/Step 2: Contacts \(done\)/).querySelector('svg')).not.toBeNull();

    await user.click(stepButton(/Step 1: Company/));
    expect(screen.getByText('Company form')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Company' })).toBe(document.activeElement);
    await user.click(stepButton(/Step 3: Review/));
    expect(screen.getByText('Review page')).toBeTruthy();
    expect(onStepChange.mock.calls.map(([index]) => index)).toEqual([1, 2, 0, 2]);
  });

  it('checks the current step before a forward jump, not before a backward one', async () => {
    const user = userEvent.setup();
    let isValid = true;
    render(<Wizard label="New company" steps={steps(() => isValid)} onFinish={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(stepButton(/Step 1: Company/));
    isValid = false;
    await user.click(stepButton(/Step 2: Contacts/));
    expect(screen.getByText('Company form')).toBeTruthy();
  });

  it('shows Finish on the last step and calls onFinish after its check', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn();
    let isReviewed = false;
    const list = steps();
    list[2] = { id: 'review', title: 'Review', content: <p>Review page</p>, beforeChange: () => isReviewed };
    render(<Wizard label="New company" steps={list} onFinish={onFinish} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onFinish).not.toHaveBeenCalled();
    isReviewed = true;
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onFinish).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Contacts form')).toBeTruthy();
  });
});
