import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, accountDeletionTexts, type AccountDeleted } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { DeleteAccount, PASSWORD_FIRST_TEXT } from './delete-account.tsx';

const deleted: AccountDeleted = {
  erased: true,
  kept: ["bookings: 1 (paid or attended), kept without your name for the clinic's records"],
};

function renderSection(onDeleted = vi.fn()) {
  renderAt(<DeleteAccount onDeleted={onDeleted} />, { path: '/dashboard/profile' });
  return onDeleted;
}

describe('DeleteAccount', () => {
  it('says what is deleted and what the clinic keeps, with a labelled password field', () => {
    renderSection();
    const section = screen.getByRole('region', { name: 'Delete my account' });
    expect(section).toHaveTextContent('upcoming bookings');
    expect(section).toHaveTextContent('The clinic keeps the bookings you paid for or attended');
    expect(within(section).getByLabelText('Your password')).toHaveAttribute('type', 'password');
  });

  it('asks first; keeping the account sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    const onDeleted = renderSection();
    await user.type(screen.getByLabelText('Your password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('sends the password once confirmed and hands the answer over', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'DELETE /api/me': () => json(deleted, 202) });
    const onDeleted = renderSection();
    await user.type(screen.getByLabelText('Your password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith(deleted));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['DELETE', '/api/me', { password: 'secret123' }],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the password before any confirmation, and opens none while it is empty', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const field = screen.getByLabelText('Your password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(PASSWORD_FIRST_TEXT);
    expect(field).toHaveFocus();

    await user.type(field, 'secret123');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows a refused password on its field, with no dialog left open', async () => {
    const user = userEvent.setup();
    const wrong = 'Your password is not correct.';
    mockFetch({
      'DELETE /api/me': () => problem(401, wrong, { code: ErrorCode.REAUTH_REQUIRED }),
    });
    renderSection();
    await user.type(screen.getByLabelText('Your password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));

    const field = screen.getByLabelText('Your password');
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription(wrong));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refused re-authentication at the password field; a Google-only account sends none', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'DELETE /api/me': () =>
        problem(401, accountDeletionTexts.signInAgain, { code: ErrorCode.REAUTH_REQUIRED }),
    });
    const onDeleted = renderSection();
    await user.click(screen.getByLabelText('I signed up with Google and have no password'));
    expect(screen.getByLabelText('Your password')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText(accountDeletionTexts.signInAgain)).toBeInTheDocument();
    expect(screen.getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription(
      accountDeletionTexts.signInAgain,
    );
    expect(calls[0]?.body).toEqual({});
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('says why when the clinic refuses (the last admin) or cannot be reached', async () => {
    const user = userEvent.setup();
    mockFetch({
      'DELETE /api/me': () =>
        problem(409, accountDeletionTexts.lastAdmin, { code: ErrorCode.CONFLICT }),
    });
    renderSection();
    await user.type(screen.getByLabelText('Your password'), 'admin-password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(accountDeletionTexts.lastAdmin);
  });
});
