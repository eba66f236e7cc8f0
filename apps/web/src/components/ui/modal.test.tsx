import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalog } from '../../i18n/catalog.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Modal } from './modal.tsx';

function renderConfirm(onConfirm: () => Promise<unknown>) {
  return render(
    <ConfirmDialog
      title="Leave?"
      keepLabel="Keep it"
      confirmLabel="Yes"
      onConfirm={onConfirm}
      doneToast="Done"
      onClose={() => undefined}
    >
      Sure?
    </ConfirmDialog>,
  );
}

describe('Modal and ConfirmDialog', () => {
  afterEach(() => {
    act(() => chooseLocale('en'));
  });

  it('names its close button Close, which closes it', async () => {
    const onClose = vi.fn();
    render(
      <Modal title="Details" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('reads in Spanish: the close button, and a refusal the common catalog has', async () => {
    const user = userEvent.setup();
    await loadCatalog('es', 'common');
    act(() => chooseLocale('es'));
    renderConfirm(() => Promise.reject(new Error('offline')));
    const dialog = screen.getByRole('dialog', { name: 'Leave?' });
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No se ha podido conectar con el servidor de la clínica. Compruebe su conexión e inténtelo de nuevo.',
    );
    expect(dialog).toHaveAttribute('open');
  });

  it('keeps a refusal in English when the page is', async () => {
    const user = userEvent.setup();
    renderConfirm(() => Promise.reject(new Error('offline')));
    const dialog = screen.getByRole('dialog', { name: 'Leave?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not reach the clinic server. Please check your connection and try again.',
    );
  });
});
