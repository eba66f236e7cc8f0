import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ContactMessage } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { ContactMessages } from './contact-messages.tsx';

const newest: ContactMessage = {
  _id: 'm2',
  email: 'leo@example.com',
  subject: 'Parking',
  message: 'Is there parking nearby?\nI come by car.',
  createdAt: '2030-06-12T09:30:00.000Z',
};
const older: ContactMessage = {
  _id: 'm1',
  email: 'mia@example.com',
  subject: 'Saturday hours',
  message: 'Are you open on Saturdays?',
  createdAt: '2030-06-10T15:05:00.000Z',
};

describe('ContactMessages', () => {
  it('lists the messages in the server’s order, newest first, with when they came in', async () => {
    mockFetch({ 'GET /api/contact': () => json([newest, older]) });
    renderAt(<ContactMessages />, { path: '/dashboard/messages' });

    const table = await screen.findByRole('table', { name: 'Messages: 2' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Received',
      'Email',
      'Subject',
      'Message',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual([
      expect.stringMatching(/^Jun 12, 2030/),
      'leo@example.com',
      'Parking',
      'Is there parking nearby?\nI come by car.',
    ]);
    expect(within(cells[0]!).getByText(/Jun 12, 2030/)).toHaveAttribute('datetime', newest.createdAt);
    expect(within(first!).getByRole('link', { name: 'leo@example.com' })).toHaveAttribute(
      'href',
      'mailto:leo@example.com',
    );
    expect(within(second!).getByRole('cell', { name: 'Saturday hours' })).toBeInTheDocument();
  });

  it('says when there are no messages, and shows a failed load with a retry', async () => {
    const { spy } = mockFetch({ 'GET /api/contact': () => json([]) });
    const { unmount } = renderAt(<ContactMessages />, { path: '/dashboard/messages' });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    unmount();

    spy.mockResolvedValue(problem(500, 'Something went wrong on our side'));
    renderAt(<ContactMessages />, { path: '/dashboard/messages' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });
});
