import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Dependent } from '@clinic/shared';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { dependentFactory } from '../test/dependent-factory.ts';
import { MyFamily } from './my-family.tsx';

const leo = dependentFactory();
const mia = dependentFactory({
  _id: 'd2',
  name: 'Mia Patient',
  dateOfBirth: '2009-11-20',
  relationship: '',
  guardians: [
    { name: 'Pat Patient', email: 'pat@example.com', you: true },
    { name: 'Sam Smith', email: 'sam@example.com', you: false },
  ],
  upcoming: 2,
  canHandOver: true,
});

const renderFamily = () => renderAt(<MyFamily />, { path: '/dashboard/family' });
const sent = (calls: ApiCall[], method: string) => calls.filter((call) => call.method === method);

describe('MyFamily', () => {
  it('lists each family member: date of birth, relationship, guardians and what is coming up', async () => {
    mockFetch({ 'GET /api/me/dependents': () => json([leo, mia]) });
    renderFamily();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your family…');
    const list = await screen.findByRole('list', { name: 'Family members' });
    const cards = within(list).getAllByRole('listitem', { name: /Patient$/ });
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Leo Patient',
      'Mia Patient',
    ]);

    const leoCard = within(list).getByRole('listitem', { name: 'Leo Patient' });
    expect(leoCard).toHaveTextContent('Date of birthMar 4, 2019');
    expect(leoCard).toHaveTextContent('RelationshipSon');
    expect(leoCard).toHaveTextContent('GuardiansYou');
    expect(leoCard).toHaveTextContent('Coming up0 upcoming appointments');
    // The hand-over is offered only from the age the server allows it.
    expect(within(leoCard).queryByRole('button', { name: /Hand over/ })).not.toBeInTheDocument();

    const miaCard = within(list).getByRole('listitem', { name: 'Mia Patient' });
    expect(miaCard).not.toHaveTextContent('Relationship');
    expect(miaCard).toHaveTextContent('GuardiansYouSam Smith (sam@example.com)');
    expect(miaCard).toHaveTextContent('2 upcoming appointments');
    expect(
      within(miaCard).getByRole('button', { name: "Hand over Mia Patient's record" }),
    ).toBeInTheDocument();
  });

  it('says when there is nobody yet, and offers to add someone', async () => {
    mockFetch({ 'GET /api/me/dependents': () => json([]) });
    renderFamily();
    expect(await screen.findByText(/^No family members yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a family member' })).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch({
      'GET /api/me/dependents': () =>
        fail ? problem(503, 'The clinic server is busy') : json([leo]),
    });
    renderFamily();

    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic server is busy');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Leo Patient' })).toBeInTheDocument();
  });

  it('adds a family member; a date of birth the server refuses is said under its field', async () => {
    const user = userEvent.setup();
    let list: Dependent[] = [];
    let refuse = true;
    const { calls } = mockFetch({
      'GET /api/me/dependents': () => json(list),
      'POST /api/me/dependents': ({ body }) => {
        if (refuse) {
          refuse = false;
          return problem(400, 'Some fields are not valid.', {
            errors: { dateOfBirth: ['The date of birth cannot be in the future'] },
          });
        }
        list = [
          dependentFactory({
            _id: 'd3',
            name: 'Ada Patient',
            dateOfBirth: '2021-05-06',
            relationship: '',
          }),
        ];
        return json({ ...list[0], ...(body as object) }, 201);
      },
    });
    renderFamily();
    await screen.findByText(/^No family members yet/);

    await user.click(screen.getByRole('button', { name: 'Add a family member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a family member' });
    // Nothing is sent before the form's own rules pass.
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      messages.nameRequired,
    );
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Ada Patient');
    await user.type(within(dialog).getByLabelText('Date of birth'), '2031-05-06');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const dateOfBirth = within(dialog).getByLabelText('Date of birth');
    await waitFor(() =>
      expect(dateOfBirth).toHaveAccessibleDescription('The date of birth cannot be in the future'),
    );
    expect(dateOfBirth).toHaveAttribute('aria-invalid', 'true');

    await user.clear(dateOfBirth);
    await user.type(dateOfBirth, '2021-05-06');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Ada Patient added to your family')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(calls, 'POST').map((call) => call.body)).toEqual([
      { name: 'Ada Patient', dateOfBirth: '2031-05-06', relationship: '' },
      { name: 'Ada Patient', dateOfBirth: '2021-05-06', relationship: '' },
    ]);
    expect(await screen.findByRole('listitem', { name: 'Ada Patient' })).toBeInTheDocument();
  });

  it('edits a family member with their details filled in', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me/dependents': () => json([leo]),
      'PATCH /api/me/dependents/d1': ({ body }) => json({ ...leo, ...(body as object) }),
    });
    renderFamily();

    await user.click(await screen.findByRole('button', { name: 'Edit Leo Patient' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Leo Patient' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Leo Patient');
    expect(within(dialog).getByLabelText('Date of birth')).toHaveValue('2019-03-04');
    const relationship = within(dialog).getByLabelText('Relationship (optional)');
    expect(relationship).toHaveValue('Son');
    await user.clear(relationship);
    await user.type(relationship, 'Grandson');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("Leo Patient's details saved")).toBeInTheDocument();
    expect(sent(calls, 'PATCH').map((call) => call.body)).toEqual([
      { name: 'Leo Patient', dateOfBirth: '2019-03-04', relationship: 'Grandson' },
    ]);
  });

  it('removes a family member without upcoming appointments after one question', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me/dependents': () => json([leo]),
      'DELETE /api/me/dependents/d1': () => new Response(null, { status: 204 }),
    });
    renderFamily();

    await user.click(await screen.findByRole('button', { name: 'Remove Leo Patient' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Leo Patient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Leo Patient removed from your family')).toBeInTheDocument();
    expect(sent(calls, 'DELETE').map((call) => call.path)).toEqual(['/api/me/dependents/d1']);
  });

  it('asks a second time when upcoming appointments stand in the way, and cancels them with the removal', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me/dependents': () => json([mia]),
      'DELETE /api/me/dependents/d2': ({ path }) =>
        path.endsWith('?cancelFuture=true')
          ? new Response(null, { status: 204 })
          : problem(409, 'Mia Patient has 2 upcoming appointments.', {
              code: 'has_future_bookings',
              upcoming: 2,
            }),
    });
    renderFamily();

    await user.click(await screen.findByRole('button', { name: 'Remove Mia Patient' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Mia Patient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    const second = await within(dialog).findByRole('button', {
      name: 'Cancel their 2 upcoming appointments and remove',
    });
    expect(within(dialog).getByText(/^Mia Patient has 2 upcoming appointments\./)).toHaveFocus();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.click(second);

    expect(await screen.findByText('Mia Patient removed from your family')).toBeInTheDocument();
    expect(sent(calls, 'DELETE').map((call) => call.path)).toEqual([
      '/api/me/dependents/d2',
      '/api/me/dependents/d2?cancelFuture=true',
    ]);
  });

  it('keeps the dialog open with the reason when a removal fails otherwise', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me/dependents': () => json([leo]),
      'DELETE /api/me/dependents/d1': () => problem(500, 'Something went wrong on our side'),
    });
    renderFamily();

    await user.click(await screen.findByRole('button', { name: 'Remove Leo Patient' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Leo Patient?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Leo Patient' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('invites another guardian by email; an address that manages them already is said under the field', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me/dependents': () => json([leo]),
      'POST /api/me/dependents/d1/guardians': ({ body }) =>
        (body as { email: string }).email === 'pat@example.com'
          ? problem(409, "pat@example.com already manages Leo Patient's appointments.", {
              code: 'conflict',
            })
          : json({ email: 'sam@example.com', expiresAt: '2030-06-08T10:00:00.000Z' }, 202),
    });
    renderFamily();

    await user.click(
      await screen.findByRole('button', { name: 'Invite a guardian for Leo Patient' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Invite another guardian for Leo Patient' });
    const email = within(dialog).getByLabelText('Their email');
    await user.type(email, 'pat@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        "pat@example.com already manages Leo Patient's appointments.",
      ),
    );

    await user.clear(email);
    await user.type(email, 'Sam@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to sam@example.com')).toBeInTheDocument();
    expect(screen.getByText('The link can be used until Jun 8, 2030.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(calls, 'POST').map((call) => call.body)).toEqual([
      { email: 'pat@example.com' },
      { email: 'sam@example.com' },
    ]);
  });

  it("hands a record over to the family member's own address", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me/dependents': () => json([mia]),
      'POST /api/me/dependents/d2/handover': () =>
        json({ email: 'mia@example.com', expiresAt: '2030-06-08T10:00:00.000Z' }, 202),
    });
    renderFamily();

    await user.click(await screen.findByRole('button', { name: "Hand over Mia Patient's record" }));
    const dialog = screen.getByRole('dialog', { name: "Hand Mia Patient's record over" });
    await user.type(within(dialog).getByLabelText("Mia Patient's own email"), 'mia@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to mia@example.com')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toMatchObject([
      { path: '/api/me/dependents/d2/handover', body: { email: 'mia@example.com' } },
    ]);
  });
});
