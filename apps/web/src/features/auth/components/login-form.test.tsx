import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, texts } from '@clinic/shared';
import { json, mockFetch, patient, problem, renderAt } from '../../../test/utils.tsx';
import { LoginForm } from './login-form.tsx';

function renderLogin(state?: unknown) {
  return renderAt(<LoginForm />, {
    path: '/login',
    initialEntries: [{ pathname: '/login', state }],
  });
}

const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('LoginForm', () => {
  it('validates on submit, then re-validates each field as it changes', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderLogin();

    // Nothing is said before the first submit (mode onSubmit).
    await user.type(screen.getByLabelText('Email'), 'x');
    await user.clear(screen.getByLabelText('Email'));
    expect(screen.queryByText(messages.emailRequired)).not.toBeInTheDocument();

    await user.click(loginButton());
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    // After a submit, every change re-validates (reValidateMode onChange).
    await user.type(screen.getByLabelText('Email'), 'Not-An-Email');
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByText(messages.emailRequired)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    expect(screen.queryByText(messages.emailInvalid)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();
    expect(screen.queryByText(messages.passwordRequired)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'def');
    expect(screen.queryByText(messages.passwordTooShort)).not.toBeInTheDocument();

    // An invalid form never reached the server.
    expect(calls).toHaveLength(0);
  });

  it('signs in, stores the token, and returns to the page the user came from', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { calls } = mockFetch({
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return json({ user: patient });
      },
      'PUT /api/user/pat%40example.com': () => json({ token: 'token-123' }),
      'GET /api/me': () => json({ user: signedIn ? patient : null }),
    });
    renderLogin({ from: '/appointment?date=2030-01-02' });

    await user.type(screen.getByLabelText('Email'), 'Pat@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(loginButton());

    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/appointment?date=2030-01-02',
    );
    expect(localStorage.getItem('accessToken')).toBe('token-123');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/auth/sign-in/email',
      'PUT /api/user/pat%40example.com',
      'GET /api/me',
    ]);
    expect(calls[0]?.body).toEqual({ email: 'pat@example.com', password: 'secret1' });
    expect(calls[1]?.body).toEqual({ email: 'pat@example.com' });
  });

  it('goes home after signing in when it was opened directly', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/sign-in/email': () => json({}),
      'PUT /api/user/pat%40example.com': () => json({ token: 't' }),
      'GET /api/me': () => json({ user: patient }),
    });
    renderAt(<LoginForm />, { path: '/login' });

    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(loginButton());

    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/');
  });

  it('shows the server detail in red under the form when sign-in fails', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/sign-in/email': () => problem(401, 'Invalid email or password'),
    });
    renderLogin();

    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(loginButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(alert).toHaveClass('text-error');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('links to the sign-up page', () => {
    mockFetch({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('carries the page to come back to on to the sign-up page', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderLogin({ from: '/l/tok_abc' });
    await user.click(screen.getByRole('link', { name: 'Create new account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/register state={"from":"/l/tok_abc"}');
  });

  it('links to the forgot-password page', () => {
    mockFetch({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('explains that Google sign-in is not configured instead of leaving the page', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/config': () => json({ googleSignIn: false }) });
    renderLogin();

    expect(screen.queryByText(texts.googleNotConfigured)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: texts.continueWithGoogle }));

    expect(await screen.findByText(texts.googleNotConfigured)).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/config']);
    expect(within(document.body).queryByTestId('location')).not.toBeInTheDocument();
  });
});
