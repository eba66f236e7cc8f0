import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@clinic/shared';
import { json, mockFetch, patient, problem, renderAt } from '../../../test/utils.tsx';
import { RegisterForm } from './register-form.tsx';

const signUpButton = () => screen.getByRole('button', { name: 'Sign Up' });

async function signUp(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText('Name'), 'Pat Patient');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(signUpButton());
}

describe('RegisterForm', () => {
  it('requires a name, an email and a password', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderAt(<RegisterForm />, { path: '/register' });

    await user.click(signUpButton());

    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Pat');
    expect(screen.queryByText(messages.nameRequired)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('signs up, fetches the token and goes home', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/auth/sign-up/email': () => json({ user: patient }),
      'PUT /api/user/pat%40example.com': () => json({ token: 'new-token' }),
      'GET /api/me': () => json({ user: patient }),
    });
    renderAt(<RegisterForm />, { path: '/register' });

    await user.type(screen.getByLabelText('Name'), 'Pat Patient');
    await user.type(screen.getByLabelText('Email'), 'PAT@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(signUpButton());

    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    expect(calls[0]?.body).toEqual({
      name: 'Pat Patient',
      email: 'pat@example.com',
      password: 'secret1',
    });
  });

  it('goes back to the page it was sent from (an invitation), and carries that page on to the login page', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/sign-up/email': () => json({ user: patient }),
      'PUT /api/user/pat%40example.com': () => json({ token: 'new-token' }),
      'GET /api/me': () => json({ user: patient }),
    });
    const initialEntries = [{ pathname: '/register', state: { from: '/l/tok_abc' } }];
    const first = renderAt(<RegisterForm />, { path: '/register', initialEntries });
    expect(screen.getByRole('link', { name: 'Please login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('link', { name: 'Please login' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login state={"from":"/l/tok_abc"}');
    first.unmount();

    renderAt(<RegisterForm />, { path: '/register', initialEntries });
    await signUp(user, 'pat@example.com');
    expect((await screen.findByTestId('location')).textContent).toBe('/l/tok_abc');
  });

  it('goes to / after signing up from anywhere but an invitation, as the spec says', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/sign-up/email': () => json({ user: patient }),
      'PUT /api/user/pat%40example.com': () => json({ token: 'new-token' }),
      'GET /api/me': () => json({ user: patient }),
    });
    renderAt(<RegisterForm />, { path: '/register', initialEntries: [{ pathname: '/register', state: { from: '/appointment?date=2030-06-05' } }] });
    await signUp(user, 'pat@example.com');
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it('tells a new patient to check the inbox when the clinic wants the address confirmed, with a way to resend', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/auth/sign-up/email': () =>
        json({ token: 't', user: { ...patient, emailVerified: false } }),
      'PUT /api/user/pat%40example.com': () => json({ token: 'new-token' }),
      'GET /api/me': () => json({ user: patient }),
      'GET /api/config': () => json({ googleSignIn: false, emailVerification: 'booking' }),
      'POST /api/me/verification-email': () => json({ sent: true, email: 'pat@example.com' }, 202),
    });
    renderAt(<RegisterForm />, { path: '/register' });

    await signUp(user, 'PAT@example.com');

    expect((await screen.findByTestId('location')).textContent).toBe('/');
    const notice = await screen.findByText(
      'Check your inbox: we sent a link to confirm pat@example.com.',
    );
    const toast = notice.closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Resend the mail' }));
    expect(
      await screen.findByText('We have sent the link again to pat@example.com.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
      'POST /api/me/verification-email',
    );
    // The notice stays: the patient still has to open the mail.
    expect(notice).toBeInTheDocument();
  });

  it.each([
    ['the clinic does not ask for it', { emailVerification: 'none' }, false],
    ['the address is already confirmed', { emailVerification: 'booking' }, true],
  ])('says nothing about the inbox when %s', async (_, config, emailVerified) => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/sign-up/email': () =>
        json({ token: 't', user: { ...patient, emailVerified } }),
      'PUT /api/user/pat%40example.com': () => json({ token: 'new-token' }),
      'GET /api/me': () => json({ user: patient }),
      'GET /api/config': () => json({ googleSignIn: false, ...config }),
    });
    renderAt(<RegisterForm />, { path: '/register' });

    await signUp(user, 'pat@example.com');

    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    expect(screen.queryByText(/Check your inbox/)).not.toBeInTheDocument();
  });

  it('shows an existing-account error from the server under the form', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/sign-up/email': () => problem(422, 'User already exists. Use another email.'),
    });
    renderAt(<RegisterForm />, { path: '/register' });

    await user.type(screen.getByLabelText('Name'), 'Pat Patient');
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(signUpButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'User already exists. Use another email.',
    );
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("shows the server's refusal of a common password under the password field", async () => {
    const user = userEvent.setup();
    const message = 'This password is too common. Please choose another.';
    mockFetch({
      'POST /api/auth/sign-up/email': () =>
        problem(400, message, { errors: { password: [message] } }),
    });
    renderAt(<RegisterForm />, { path: '/register' });

    await user.type(screen.getByLabelText('Name'), 'Pat Patient');
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(signUpButton());

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
