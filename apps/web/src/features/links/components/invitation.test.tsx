import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type LinkView } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { TOKEN } from '../test/link-factories.ts';
import { linkApi, posts } from '../test/render-link.tsx';
import { resultText } from '../utils/link-texts.ts';
import { LinkPage } from './link-page.tsx';
import type { LinkAccount } from './guardian-invitation.tsx';

const guardianView: LinkView = {
  purpose: 'guardian',
  expiresAt: '2030-06-08T10:00:00.000Z',
  firstName: 'Leo',
  inviter: 'Pat',
};
const handoverView: LinkView = {
  purpose: 'handover',
  expiresAt: '2030-06-08T10:00:00.000Z',
  firstName: 'Mia',
  inviter: 'Pat',
};

function renderInvitation(
  view: LinkView,
  account: LinkAccount | null | undefined,
  accept?: () => Response,
) {
  const mock = mockFetch({
    [`GET ${linkApi}`]: () => json(view),
    ...(accept && { [`POST ${linkApi}/accept`]: accept }),
  });
  const rendered = renderAt(<LinkPage token={TOKEN} account={account} />, {
    path: '/l/:token',
    initialEntries: [`/l/${TOKEN}`],
  });
  return { ...mock, ...rendered };
}

describe('LinkPage: an invitation to manage a family member', () => {
  it('says who invites whom to what, and accepts signed in with one button', async () => {
    const user = userEvent.setup();
    const { calls } = renderInvitation(guardianView, { email: 'sam@example.com' }, () =>
      json({ done: 'guardian-added' }),
    );

    expect(
      await screen.findByRole('heading', { name: 'Manage a family member’s appointments' }),
    ).toBeInTheDocument();
    expect(screen.getByText("Pat invites you to manage Leo's appointments.")).toBeInTheDocument();
    // Addressed to the guardian-to-be, not to the family member it is about.
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept']);
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent(resultText({ done: 'guardian-added' }, 'Leo', undefined));
    await waitFor(() => expect(result).toHaveFocus());
    expect(screen.getByRole('link', { name: 'My Appointments' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(posts(calls, 'accept')).toHaveLength(1);
  });

  it('signed out, offers to log in or sign up, and both come back to the link', async () => {
    const user = userEvent.setup();
    renderInvitation(guardianView, null);

    await screen.findByText("Pat invites you to manage Leo's appointments.");
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    await user.click(screen.getByRole('link', { name: 'Log in to accept' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/login state={"from":"/l/${TOKEN}"}`,
    );
  });

  it('waits to know who is signed in before offering anything', async () => {
    renderInvitation(guardianView, undefined);
    expect(await screen.findByText('Checking your sign-in…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to accept' })).not.toBeInTheDocument();
  });

  it('signed in as another address, says so in the server’s words and offers to log in as the invited one', async () => {
    const user = userEvent.setup();
    const refusal =
      'This invitation was sent to another address. Please log in with that address to accept it.';
    renderInvitation(guardianView, { email: 'kim@example.com' }, () =>
      problem(403, refusal, { code: 'forbidden' }),
    );

    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to accept' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

describe('LinkPage: a record handed over', () => {
  it('creates the account with a password under sign-up’s rules, then leads to the login page', async () => {
    const user = userEvent.setup();
    const { calls } = renderInvitation(handoverView, null, () => json({ done: 'handed-over' }));

    expect(await screen.findByRole('heading', { name: 'Your own account' })).toBeInTheDocument();
    expect(screen.getByText('Hello Mia,')).toBeInTheDocument();
    expect(screen.getByText(/^Pat hands your appointments and records/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in/ })).not.toBeInTheDocument();

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(password).toHaveAccessibleDescription(messages.passwordRequired);
    await user.type(password, 'short');
    expect(password).toHaveAccessibleDescription(messages.passwordTooShort);
    expect(posts(calls, 'accept')).toHaveLength(0);

    await user.type(password, '-enough');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      resultText({ done: 'handed-over' }, 'Mia', undefined),
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(posts(calls, 'accept').map((call) => call.body)).toEqual([{ password: 'short-enough' }]);
  });

  it('puts the server’s refusal of the password under the field, and any other refusal under the form', async () => {
    const user = userEvent.setup();
    let answer = problem(400, 'Some fields are not valid.', {
      errors: { password: ['This password is too common'] },
    });
    renderInvitation(handoverView, null, () => answer);

    const password = await screen.findByLabelText('Password');
    await user.type(password, 'password1');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('This password is too common'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = problem(409, 'mia@example.com already has an account.', { code: 'conflict' });
    await user.clear(password);
    await user.type(password, 'another-one');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'mia@example.com already has an account.',
    );
  });
});
