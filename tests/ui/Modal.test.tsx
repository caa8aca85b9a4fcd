// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog, Modal } from '../../src/ui/Modal';
import { backStackDepth } from '../../src/ui/backStack';

afterEach(cleanup);

/** A page with an opener button and a modal holding two fields, and a second modal stacked on it. */
function Page({ isOverlayDismissible = true }: { isOverlayDismissible?: boolean }) {
  const [isOuterOpen, setIsOuterOpen] = useState(false);
  const [isInnerOpen, setIsInnerOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOuterOpen(true)}>
        Edit location
      </button>
      <Modal
        isOpen={isOuterOpen}
        onClose={() => setIsOuterOpen(false)}
        title="Edit location"
        isOverlayDismissible={isOverlayDismissible}
        footer={
          <button type="button" onClick={() => setIsInnerOpen(true)}>
            Delete
          </button>
        }
      >
        <label>
          Name <input />
        </label>
        <Dialog
          isOpen={isInnerOpen}
          onClose={() => setIsInnerOpen(false)}
          title="Delete location?"
          message="This cannot be undone."
          buttons={[{ label: 'Cancel' }, { label: 'Delete', kind: 'danger' }]}
        />
      </Modal>
    </>
  );
}

const dialogs = () => screen.queryAllByRole('dialog');

describe('Modal', () => {
  it('is a labelled modal dialog in a portal that takes focus and gives it back', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit location' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit location' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(dialogs()).toHaveLength(0);
    expect(document.activeElement).toBe(opener);
    expect(backStackDepth()).toBe(0);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    const remove = screen.getByRole('button', { name: 'Delete' });
    const close = screen.getByRole('button', { name: 'Close' });
    await user.tab();
    expect(document.activeElement).toBe(remove);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(remove);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(name);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
  });

  it('closes on an overlay click unless told not to, and after its 500 ms animation leaves the DOM', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    const root = document.querySelector('.modal');
    if (!(root instanceof HTMLElement)) throw new Error('no modal root');
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(dialogs()).toHaveLength(1);
    await user.click(root);
    expect(dialogs()).toHaveLength(0);
    expect(root.getAttribute('data-state')).toBe('closing');
    await waitFor(() => expect(document.querySelector('.modal')).toBeNull(), { timeout: 1500 });

    cleanup();
    render(<Page isOverlayDismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    const fixedRoot = document.querySelector('.modal');
    if (!(fixedRoot instanceof HTMLElement)) throw new Error('no modal root');
    await user.click(fixedRoot);
    expect(dialogs()).toHaveLength(1);
  });

  it('closes only the top of two stacked dialogs on Back, then the other', async () => {
    const user = userEvent.setup();
    window.history.pushState({ idx: 3 }, '', '/locations');
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete location?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(backStackDepth()).toBe(2);

    act(() => window.history.back());
    expect(dialogs()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit location' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));

    act(() => window.history.back());
    expect(dialogs()).toHaveLength(0);
    expect(window.location.pathname).toBe('/locations');
    expect(window.history.state).toEqual({ idx: 3 });
  });

  it('closes the top dialog by Escape or its own buttons without touching the one below', async () => {
    const user = userEvent.setup();
    const onRouterPop = vi.fn();
    window.addEventListener('popstate', onRouterPop);
    window.history.pushState({ idx: 4 }, '', '/accounts');
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit location' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Delete location?' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Edit location' })).toBeTruthy();
    expect(backStackDepth()).toBe(1);

    // The popped entries are gone from history: one Back now closes the remaining dialog.
    act(() => window.history.back());
    expect(dialogs()).toHaveLength(0);
    expect(window.history.state).toEqual({ idx: 4 });
    expect(onRouterPop).not.toHaveBeenCalled();
    window.removeEventListener('popstate', onRouterPop);
  });
});

describe('Dialog', () => {
  it('runs the clicked button and closes, describing itself with its message', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <Dialog
        isOpen
        onClose={onClose}
        title="Discard changes?"
        message="Your edits will be lost."
        buttons={[
          { label: 'Keep editing' },
          { label: 'Discard', kind: 'danger', onClick: onConfirm, isInitialFocus: true },
        ]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Discard changes?' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your edits will be lost.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Discard' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('defaults to a single OK button', () => {
    render(<Dialog isOpen onClose={() => {}} title="Saved" message="All good." />);
    expect(screen.getAllByRole('button')).toEqual([
      screen.getByRole('button', { name: 'Close' }),
      screen.getByRole('button', { name: 'OK' }),
    ]);
  });
});
