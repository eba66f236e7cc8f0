import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { ALREADY_SET_UP_TEXT, INVALID_LINK_TEXT, SetupForm } from './setup-form.tsx';

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Clinic name'), 'Smile Studio');
  await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Berlin');
  await user.type(screen.getByLabelText('Clinic phone (optional)'), '+49 30 1234567');
  await user.type(screen.getByLabelText('Clinic address (optional)'), 'Hauptstraße 1, Berlin');
  await user.type(screen.getByLabelText('Your name'), 'Olga Owner');
  await user.type(screen.getByLabelText('Your email'), 'Olga@Smile.test');
  await user.type(screen.getByLabelText('Password'), 'long-secret-1');
}

const submit = () => screen.getByRole('button', { name: 'Set up the clinic' });

describe('SetupForm', () => {
  it("offers the browser's zone first, and checks the fields before sending anything", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderAt(<SetupForm token="t0k" onSetUp={vi.fn()} />, { path: '/setup' });

    expect(screen.getByLabelText('Time zone')).toHaveValue('UTC');
    await user.click(submit());

    expect(await screen.findByText('Name the clinic')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Name is Required');
    expect(calls).toHaveLength(0);
  });

  it('sends the clinic and the owner with the token, then hands the owner on to be signed in', async () => {
    const user = userEvent.setup();
    const onSetUp = vi.fn(() => Promise.resolve());
    const { calls } = mockFetch({
      'POST /api/setup': () => json({ email: 'olga@smile.test' }, 201),
    });
    renderAt(<SetupForm token="t0k" onSetUp={onSetUp} />, { path: '/setup' });

    await fillIn(user);
    await user.click(submit());

    await vi.waitFor(() =>
      expect(onSetUp).toHaveBeenCalledWith({ email: 'olga@smile.test', password: 'long-secret-1' }),
    );
    expect(calls[0]?.body).toEqual({
      token: 't0k',
      clinic: {
        name: 'Smile Studio',
        timezone: 'Europe/Berlin',
        phone: '+49 30 1234567',
        email: '',
        address: 'Hauptstraße 1, Berlin',
      },
      admin: { name: 'Olga Owner', email: 'olga@smile.test', password: 'long-secret-1' },
    });
  });

  it('says a wrong token is not a valid setup link, and where to find the right one', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/setup': () => problem(403, 'Forbidden') });
    const onSetUp = vi.fn();
    renderAt(<SetupForm token="wrong" onSetUp={onSetUp} />, { path: '/setup' });

    await fillIn(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_LINK_TEXT);
    expect(onSetUp).not.toHaveBeenCalled();
  });

  it("puts the server's field errors under their fields", async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/setup': () =>
        problem(400, 'Some of the data sent is not valid.', {
          errors: {
            'admin.password': ['This password is too common. Please choose another.'],
            'clinic.timezone': ['Not a time zone this server knows'],
          },
        }),
    });
    renderAt(<SetupForm token="t0k" onSetUp={vi.fn()} />, { path: '/setup' });

    await fillIn(user);
    await user.click(submit());

    expect(
      await screen.findByText('This password is too common. Please choose another.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This password is too common. Please choose another.',
    );
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(
      'Not a time zone this server knows',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the portal was set up meanwhile, with a way to log in', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/setup': () => problem(404, 'Not Found') });
    renderAt(<SetupForm token="t0k" onSetUp={vi.fn()} />, { path: '/setup' });

    await fillIn(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(ALREADY_SET_UP_TEXT);
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });
});
