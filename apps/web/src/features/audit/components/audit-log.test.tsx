import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { AUDIT_PAGE_SIZE } from '../api/get-audit.ts';
import { AuditLog, NO_ENTRIES_TEXT, detailText } from './audit-log.tsx';

function entry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: `a${n}`,
    actor: 'boss@clinic.test',
    action: 'user.set-role',
    target: `user-${n}`,
    detail: { from: 'receptionist', to: 'user' },
    at: new Date(Date.UTC(2030, 5, 5, 10, 0, 0) - n * 60_000).toISOString(),
    ...overrides,
  };
}

const renderAudit = () => renderAt(<AuditLog />, { path: '/dashboard/audit' });

describe('AuditLog', () => {
  it('shows who did what, when, on what, newest first', async () => {
    mockFetch({ 'GET /api/audit': () => json([entry(1), entry(2, { action: 'staff.create', actor: 'ann@clinic.test' })]) });
    renderAudit();
    const table = await screen.findByRole('table', { name: 'Audit' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual([
      'boss@clinic.test',
      'user.set-role',
      'user-1',
      'from: receptionist, to: user',
    ]);
    expect(within(rows[0]!).getByRole('cell', { name: /2030/ }).querySelector('time')).toHaveAttribute('datetime', entry(1).at);
    expect(within(rows[1]!).getByText('staff.create')).toBeInTheDocument();
    expect(screen.getByText('2 entries shown')).toBeInTheDocument();
  });

  it('narrows by who, action and target, and clears them again', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/audit': () => json([]) });
    renderAudit();
    expect(await screen.findByText(NO_ENTRIES_TEXT)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Who (address)'), ' boss@clinic.test ');
    await user.type(screen.getByLabelText('Action'), 'user.set-role');
    await user.type(screen.getByLabelText('Target (id or address)'), 'u 7');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText(NO_ENTRIES_TEXT);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByText(NO_ENTRIES_TEXT);

    expect([...new Set(calls.map((c) => c.path))]).toEqual([
      `/api/audit?limit=${AUDIT_PAGE_SIZE}`,
      `/api/audit?limit=${AUDIT_PAGE_SIZE}&actor=boss%40clinic.test&action=user.set-role&target=u+7`,
    ]);
    expect(screen.getByLabelText('Action')).toHaveValue('');
  });

  it('pages back with before= the oldest entry shown, until a short page', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) => entry(i));
    const { calls } = mockFetch({
      'GET /api/audit': (call) => json(call.path.includes('before=') ? [entry(AUDIT_PAGE_SIZE)] : first),
    });
    renderAudit();
    await user.click(await screen.findByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText(`${AUDIT_PAGE_SIZE + 1} entries shown`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
    const before = new URL(calls[1]!.path, 'http://x').searchParams.get('before');
    expect(before).toBe(first[AUDIT_PAGE_SIZE - 1]!.at);
  });

  it('says why the log could not be loaded, and asks again', async () => {
    const user = userEvent.setup();
    let fails = true;
    mockFetch({ 'GET /api/audit': () => (fails ? problem(500, 'Something went wrong on our side.') : json([entry(1)])) });
    renderAudit();
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Audit' })).toBeInTheDocument();
  });

  it('writes a detail of any shape in one line, keys in order', () => {
    expect(detailText({ to: 'user', role: 'doctor', count: 2, ids: ['a', 'b'], from: 'doctor' })).toBe(
      'count: 2, from: doctor, ids: ["a","b"], role: doctor, to: user',
    );
    expect(detailText({})).toBe('');
  });
});
