import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormQuestion, MyForms as MyFormsData } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { loadCatalog } from '../../../i18n/catalog.ts';
import { chooseLocale } from '../../../i18n/locale.ts';
import { MyForms } from './my-forms.tsx';

const questions: FormQuestion[] = [
  { id: 'allergies', kind: 'yesno', label: 'Any allergies?', required: true, alert: { when: 'yes' } },
  { id: 'detail', kind: 'text', label: 'Which ones?', required: false },
  { id: 'smoking', kind: 'choice', label: 'Do you smoke?', required: false, options: ['No', 'Yes'] },
  { id: 'conditions', kind: 'multi', label: 'Any of these?', required: false, options: ['Asthma', 'Epilepsy'] },
  { id: 'last', kind: 'date', label: 'Last visit?', required: false },
  { id: 'heart', kind: 'yesno', label: 'Heart condition?', required: true },
];

function forms(overrides: Partial<MyFormsData['medicalHistory']> = {}, consents: MyFormsData['consents'] = []): MyFormsData {
  return {
    medicalHistory: { status: 'missing', required: true, version: 3, form: { version: 3, title: 'Medical history', questions, createdAt: '2030-01-01T00:00:00.000Z' }, ...overrides },
    consents,
  };
}

const renderForms = () => renderAt(<MyForms />, { path: '/dashboard/forms' });

describe('MyForms', () => {
  it('asks each kind of question, a page at a time, and ties the server’s refusal to its question', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me/forms': () => json(forms()),
      'POST /api/me/forms/medical-history': () => problem(400, 'Some answers are missing or not valid.', { errors: { 'answers.heart': ['Please answer this question'] } }),
    });
    renderForms();

    expect(await screen.findByText('Missing')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /^Any allergies\?\s*\(required\)$/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Which ones?' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Any of these?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Last visit?')).toHaveAttribute('type', 'date');
    // A required question left blank stops the page, and says why where it is.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('group', { name: /^Any allergies\?\s*\(required\)$/ })).toHaveAccessibleDescription('Please answer this question');

    await user.click(within(screen.getByRole('group', { name: /^Any allergies/ })).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'Which ones?' }), 'Penicillin');
    await user.click(screen.getByRole('checkbox', { name: 'Asthma' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Page 2 of 2' })).toHaveFocus();
    await user.click(within(screen.getByRole('group', { name: /^Heart condition/ })).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Type your full name to sign'), 'Pat Patient');
    await user.click(screen.getByRole('button', { name: 'Sign and send' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      version: 3,
      answers: { allergies: 'yes', detail: 'Penicillin', conditions: ['Asthma'], heart: 'no' },
      signature: { typedName: 'Pat Patient' },
    });
    // The refused answer's page, its question focused and described by the error.
    const heart = await screen.findByRole('group', { name: /^Heart condition\?\s*\(required\)$/ });
    expect(heart).toHaveAccessibleDescription('Please answer this question');
    expect(within(heart).getAllByRole('radio')[0]).toHaveFocus();
  });

  it('lets a returning patient confirm each unchanged page with one tap, then sign', async () => {
    const user = userEvent.setup();
    const previous = { allergies: 'no', heart: 'no', smoking: 'No' };
    const { calls } = mockFetch({
      'GET /api/me/forms': () => json(forms({ status: 'outdated', previousAnswers: previous, submittedAt: '2029-05-01T09:00:00.000Z' })),
      'POST /api/me/forms/medical-history': () => json({ submission: { _id: 's1', version: 3, submittedAt: '2030-06-01T09:00:00.000Z', sha256: 'a'.repeat(64) } }, 201),
    });
    renderForms();

    expect(await screen.findByText('Needs updating')).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: 'No' })[0]).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'These answers are still right' }));
    await user.click(await screen.findByRole('button', { name: 'These answers are still right' }));
    await user.type(screen.getByLabelText('Type your full name to sign'), 'Pat Patient');
    await user.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(await screen.findByText('Medical history saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ answers: previous });
  });

  it('signs the consent of an upcoming visit with a typed name', async () => {
    const user = userEvent.setup();
    let signed = false;
    const consent = { bookingId: 'b1', treatment: 'Root Canal', date: '2030-06-10', slot: '10.00 AM - 10.30 AM', status: 'missing' as const, text: 'I understand the risks.', version: 2 };
    const { calls } = mockFetch({
      'GET /api/me/forms': () => json(forms({ status: 'current', submittedAt: '2030-05-01T09:00:00.000Z' }, [{ ...consent, status: signed ? 'signed' : 'missing' }])),
      'POST /api/booking/b1/consent': () => {
        signed = true;
        return json({ consent: { _id: 'c1', bookingId: 'b1', version: 2, signedAt: '2030-06-01T09:00:00.000Z', sha256: 'b'.repeat(64) } }, 201);
      },
    });
    renderForms();

    expect(await screen.findByText('Up to date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update my answers' })).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Consents' })).getByRole('listitem');
    expect(card).toHaveTextContent('Root Canal, Jun 10, 2030 at 10.00 AM - 10.30 AM');
    await user.type(within(card).getByLabelText('Type your full name to sign'), 'Pat Patient');
    await user.click(within(card).getByRole('button', { name: 'Sign consent' }));
    expect(await screen.findByText('Consent signed')).toBeInTheDocument();
    expect(await within(card).findByText('Signed')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ version: 2, typedName: 'Pat Patient' });
  });

  it('ties a refusal of the typed name to the name field, on the history and on a consent', async () => {
    const user = userEvent.setup();
    const tooLong = 'Your name must be 200 characters or shorter';
    const consent = { bookingId: 'b1', treatment: 'Root Canal', date: '2030-06-10', slot: '10.00 AM - 10.30 AM', status: 'missing' as const, text: 'I understand the risks.', version: 2 };
    mockFetch({
      'GET /api/me/forms': () => json(forms({ status: 'outdated', previousAnswers: { allergies: 'no', heart: 'no' }, submittedAt: '2029-05-01T09:00:00.000Z' }, [consent])),
      'POST /api/me/forms/medical-history': () => problem(400, 'Some answers are missing or not valid.', { errors: { 'signature.typedName': [tooLong] } }),
      'POST /api/booking/b1/consent': () => problem(400, 'Some answers are missing or not valid.', { errors: { typedName: [tooLong] } }),
    });
    renderForms();

    await user.click(await screen.findByRole('button', { name: 'These answers are still right' }));
    await user.click(await screen.findByRole('button', { name: 'These answers are still right' }));
    const [historyName, consentName] = screen.getAllByLabelText('Type your full name to sign');
    await user.type(historyName!, 'Pat');
    await user.click(screen.getByRole('button', { name: 'Sign and send' }));
    await waitFor(() => expect(historyName).toHaveAccessibleDescription(tooLong));
    expect(historyName).toHaveAttribute('aria-invalid', 'true');
    // Typing again clears it.
    await user.type(historyName!, 'x');
    expect(historyName).not.toHaveAttribute('aria-invalid');

    await user.type(consentName!, 'Pat');
    await user.click(screen.getByRole('button', { name: 'Sign consent' }));
    await waitFor(() => expect(consentName).toHaveAccessibleDescription(tooLong));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("lets a guardian choose a dependent's forms and fill them in for them", async () => {
    const user = userEvent.setup();
    const leo = { _id: 'd1', name: 'Leo Parent', dateOfBirth: '2020-01-01', relationship: 'Son', guardians: [], upcoming: 1, canHandOver: false };
    const { calls } = mockFetch({
      'GET /api/me/dependents': () => json([leo]),
      // The handlers are by path: the query string says whose.
      'GET /api/me/forms': (call) =>
        call.path.endsWith('?for=d1')
          ? json(forms({ status: 'outdated', previousAnswers: { allergies: 'no', heart: 'no' }, submittedAt: '2029-05-01T09:00:00.000Z' }))
          : json(forms({ status: 'current', submittedAt: '2030-05-01T09:00:00.000Z' })),
      'POST /api/me/forms/medical-history': () => json({ submission: { _id: 's1', version: 3, submittedAt: '2030-06-01T09:00:00.000Z', sha256: 'a'.repeat(64) } }, 201),
    });
    renderForms();

    expect(await screen.findByText('Up to date')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Whose forms?'), 'Leo Parent');
    expect(await screen.findByText('Needs updating')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'These answers are still right' }));
    await user.click(await screen.findByRole('button', { name: 'These answers are still right' }));
    await user.type(screen.getByLabelText('Type your full name to sign'), 'Ana Parent');
    await user.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(await screen.findByText('Medical history saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/me/forms/medical-history?for=d1']);
  });

  it('says so when the forms cannot be loaded', async () => {
    mockFetch({ 'GET /api/me/forms': () => problem(500, 'Something went wrong on our side') });
    renderForms();
    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
  });

  it('reads in Spanish, the clinic’s own questions as they come', async () => {
    mockFetch({ 'GET /api/me/forms': () => json(forms()) });
    await loadCatalog('es', 'forms');
    act(() => chooseLocale('es'));
    try {
      renderForms();
      expect(await screen.findByRole('heading', { name: 'Mis formularios' })).toBeInTheDocument();
      expect(await screen.findByText('Pendiente')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: /^Any allergies\?\s*\(obligatoria\)$/ })).toBeInTheDocument();
      expect(screen.getAllByRole('radio', { name: 'Sí' })).not.toHaveLength(0);
    } finally {
      act(() => chooseLocale('en'));
    }
  });
});
