import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountSecurityTexts as texts } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { describeDevice, SignedInSessions } from './signed-in-sessions.tsx';

const session = (id: string, current: boolean, userAgent: string) => ({
  id,
  current,
  userAgent,
  ipAddress: '10.0.0.7',
  createdAt: '2030-06-01T09:00:00.000Z',
  updatedAt: current ? '2030-06-05T10:00:00.000Z' : '2030-06-04T08:00:00.000Z',
  expiresAt: '2030-06-12T10:00:00.000Z',
});
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('SignedInSessions', () => {
  it('lists the devices, this one marked, and signs out everywhere else', async () => {
    const user = userEvent.setup();
    let sessions = [session('b', false, SAFARI_IPHONE), session('a', true, CHROME_ANDROID)];
    const { calls } = mockFetch({
      'GET /api/auth/list-sessions': () => json(sessions),
      'POST /api/auth/revoke-other-sessions': () => {
        sessions = sessions.filter((s) => s.current);
        return json({ status: true });
      },
    });
    renderAt(<SignedInSessions />);

    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome on Android');
    expect(items[0]).toHaveTextContent(texts.thisDevice);
    expect(items[1]).toHaveTextContent('Safari on iOS');
    expect(items[1]).toHaveTextContent('from 10.0.0.7');

    await user.click(screen.getByRole('button', { name: texts.signOutOthers }));
    expect(await screen.findByText(texts.signedOutOthers)).toBeInTheDocument();
    expect(await screen.findByText(texts.noOtherSessions)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/revoke-other-sessions')).toHaveLength(1);
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /api/auth/list-sessions': () =>
        fail
          ? problem(500, 'Something went wrong on our side. Please try again.')
          : json([session('a', true, '')]),
    });
    renderAt(<SignedInSessions />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await user.click(screen.getByRole('button', { name: texts.retry }));
    expect(await screen.findByText(texts.unknownDevice)).toBeInTheDocument();
    expect(screen.getByText(texts.noOtherSessions)).toBeInTheDocument();
  });

  it('names devices from their user agent, roughly', () => {
    expect(describeDevice(CHROME_ANDROID)).toBe('Chrome on Android');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(describeDevice(null)).toBe(texts.unknownDevice);
    expect(describeDevice('curl/8.0')).toBe(texts.unknownDevice);
  });
});
