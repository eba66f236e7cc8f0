import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, toasts } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { ContactForm } from './contact-form.tsx';

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email Address'), 'Pat@Example.com');
  await user.type(screen.getByLabelText('Subject'), 'Opening hours');
  await user.type(screen.getByLabelText('Your message'), 'Are you open on Saturdays?');
}

describe('ContactForm', () => {
  it('posts the message, shows the toast and resets the form', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/contact': () => json({ success: true, _id: 'm1' }, 201),
    });
    renderAt(<ContactForm />);

    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(toasts.contactReceived)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/contact',
      body: {
        email: 'pat@example.com',
        subject: 'Opening hours',
        message: 'Are you open on Saturdays?',
      },
    });
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });

  it('requires every field before sending', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderAt(<ContactForm />);

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.messageRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('puts server field errors on their fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/contact': () =>
        problem(400, 'Invalid input', { errors: { subject: ['Subject is too long'] } }),
    });
    renderAt(<ContactForm />);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Subject is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Subject')).toHaveValue('Opening hours');
    expect(screen.queryByText(toasts.contactReceived)).not.toBeInTheDocument();
  });

  it('reports other failures in an error toast', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/contact': () => problem(429, 'Too many requests, wait a minute') });
    renderAt(<ContactForm />);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Too many requests, wait a minute')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveValue('Are you open on Saturdays?');
  });
});
