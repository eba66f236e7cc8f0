import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMedicalHistory, MedicalHistoryFormInput } from '@clinic/shared';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { MedicalHistorySettings, REQUIRED_BY_SETTING_TEXT, REQUIRED_LABEL } from './medical-history-settings.tsx';

const PATH = '/api/admin/forms/medical-history';

function formFactory(overrides: Partial<AdminMedicalHistory> = {}): AdminMedicalHistory {
  return {
    version: 1,
    title: 'Medical history',
    questions: [
      { id: 'allergies', kind: 'yesno', label: 'Any allergies?', required: true, alert: { when: 'yes' } },
      { id: 'smoking', kind: 'choice', label: 'Do you smoke?', required: false, options: ['No', 'Yes'] },
    ],
    createdAt: '2030-06-01T09:00:00.000Z',
    required: false,
    requiredBySetting: false,
    ...overrides,
  };
}

/** The admin's GET, and a PUT answering with the next version of what was sent. */
function mockForm(form = formFactory(), put?: (call: ApiCall) => Response) {
  return mockFetch({
    [`GET ${PATH}`]: () => json(form),
    [`PUT ${PATH}`]:
      put ?? ((call) => json({ ...form, ...(call.body as MedicalHistoryFormInput), version: form.version + 1 })),
    [`PATCH ${PATH}`]: (call) => json({ ...form, ...(call.body as { required: boolean }) }),
  });
}

function renderSettings() {
  return renderAt(<MedicalHistorySettings />, { path: '/dashboard/medical-history' });
}

const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });

describe('MedicalHistorySettings', () => {
  it('edits the questions (add, kind, options, alert, move, remove) and saves them as a new version', async () => {
    const user = userEvent.setup();
    const { calls } = mockForm();
    renderSettings();

    expect(screen.getByRole('status')).toHaveTextContent('Loading the medical history form…');
    expect(await screen.findByText(/Version 1, saved/)).toHaveTextContent('Version 1, saved Jun 1, 2030, 09.00 AM.');
    expect(within(question(1)).getByLabelText('Question')).toHaveValue('Any allergies?');
    expect(within(question(1)).getByLabelText('Alert staff')).toHaveValue('yes');
    expect(within(question(2)).getByLabelText('Answers to choose from, one a line')).toHaveValue('No\nYes');

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(within(question(3)).getByLabelText('Question')).toHaveFocus();
    await user.keyboard('Which conditions?');
    await user.selectOptions(within(question(3)).getByLabelText('Answer'), 'Any of several answers');
    await user.type(within(question(3)).getByLabelText('Answers to choose from, one a line'), 'Asthma{Enter}Epilepsy');
    await user.selectOptions(within(question(3)).getByLabelText('Alert staff'), 'When the answer is “Epilepsy”');
    await user.click(within(question(3)).getByLabelText('An answer is required'));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move question 3 up' }));
    expect(within(question(2)).getByLabelText('Question')).toHaveValue('Which conditions?');
    expect(screen.getByRole('button', { name: 'Move question 2 up' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(within(question(1)).getByLabelText('Question')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));

    expect(await screen.findByText('Saved as version 2')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        title: 'Medical history',
        questions: [
          { id: 'which-conditions', kind: 'multi', label: 'Which conditions?', required: true, options: ['Asthma', 'Epilepsy'], alert: { when: 'Epilepsy' } },
          { id: 'smoking', kind: 'choice', label: 'Do you smoke?', required: false, options: ['No', 'Yes'] },
        ],
      },
    ]);
    expect(await screen.findByText(/Version 2, saved/)).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it("checks the draft with the shared schema first, ties each message to its field, and focuses the first", async () => {
    const user = userEvent.setup();
    const { calls } = mockForm();
    renderSettings();
    await screen.findByText(/Version 1/);

    await user.clear(within(question(2)).getByLabelText('Answers to choose from, one a line'));
    await user.type(within(question(2)).getByLabelText('Answers to choose from, one a line'), 'Only one');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));

    const options = within(question(2)).getByLabelText('Answers to choose from, one a line');
    expect(options).toHaveFocus();
    expect(options).toHaveAttribute('aria-invalid', 'true');
    expect(options).toHaveAccessibleDescription('A choice needs at least two options');
    expect(within(question(3)).getByLabelText('Question')).toHaveAccessibleDescription('A question is required');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // Fixed as the admin types: the message goes.
    await user.type(options, '{Enter}Two');
    expect(options).not.toHaveAttribute('aria-invalid');
  });

  it("puts the server's field errors on their fields, and shows any other refusal", async () => {
    const user = userEvent.setup();
    let answer = () => problem(400, 'Some of the data sent is not valid.', { code: 'validation', errors: { 'questions.1.label': ['A question must be 300 characters or shorter'] } });
    mockForm(formFactory(), () => answer());
    renderSettings();
    await screen.findByText(/Version 1/);

    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    const label = within(question(2)).getByLabelText('Question');
    await waitFor(() => expect(label).toHaveFocus());
    expect(label).toHaveAccessibleDescription('A question must be 300 characters or shorter');

    answer = () => problem(412, 'Another admin saved the form at the same time. Please try again.', { code: 'precondition_failed' });
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another admin saved the form at the same time.');
  });

  it('turns the requirement on, and explains when the server setting holds it on', async () => {
    const user = userEvent.setup();
    const { calls } = mockForm();
    renderSettings();

    await user.click(await screen.findByRole('checkbox', { name: REQUIRED_LABEL }));
    expect(await screen.findByText('Patients are now asked to fill in the medical history before a visit')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: REQUIRED_LABEL })).toBeChecked();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ required: true }]);
  });

  it('cannot turn off a requirement the server setting makes', async () => {
    mockForm(formFactory({ required: true, requiredBySetting: true }));
    renderSettings();
    const toggle = await screen.findByRole('checkbox', { name: REQUIRED_LABEL });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(REQUIRED_BY_SETTING_TEXT);
  });

  it('says why the form could not be loaded, and asks again', async () => {
    const user = userEvent.setup();
    let fails = true;
    mockFetch({ [`GET ${PATH}`]: () => (fails ? problem(503, 'The clinic server is busy.') : json(formFactory())) });
    renderSettings();
    expect(await screen.findByText('The clinic server is busy.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Version 1/)).toBeInTheDocument();
  });
});
