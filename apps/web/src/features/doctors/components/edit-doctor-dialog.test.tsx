import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Doctor } from '@clinic/shared';
import { publicDoctorsQueryKey } from '../../../lib/query-keys.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { ManageDoctors } from './manage-doctors.tsx';

function doctorFactory(overrides: Partial<Doctor> = {}): Doctor {
  return {
    _id: '5b0c8f4e-2f7a-4d8e-9c1b-3a2d1e0f9a8b',
    name: 'Dr. Emly Watson',
    email: 'emily.watson@clinic.test',
    specialty: 'Teeth Orthodontics',
    img: '/api/image/0b9f6a56-4a3c-4e57-9d7e-2f1f0f1d1a2b',
    ...overrides,
  };
}

const services = [
  { _id: 's1', name: 'Teeth Orthodontics' },
  { _id: 's2', name: 'Cosmetic Dentistry' },
];
const emily = doctorFactory();
const doctorPath = `/api/doctor/${emily._id}`;
const newPhotoUrl = '/api/image/7c1c7d4e-5a1b-4b8e-9f00-1d2e3f4a5b6c';

function photo(name = 'smile.png', type = 'image/png') {
  return new File([new Uint8Array(64)], name, { type });
}

type User = ReturnType<typeof userEvent.setup>;

async function openEdit(user: User, name = emily.name) {
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  const dialog = screen.getByRole('dialog', { name: `Edit ${name}` });
  await within(dialog).findByLabelText('Name');
  return dialog;
}

function renderDoctors() {
  return renderAt(<ManageDoctors />, { path: '/dashboard/manage-doctor' });
}

const requests = (calls: { method: string; path: string }[]) =>
  calls.map((call) => `${call.method} ${call.path}`);

describe('EditDoctorDialog', () => {
  it("opens from the doctor's row with the name, specialty and current photo", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/doctor': () => json([emily]),
      'GET /api/service': () => json(services),
    });
    renderDoctors();

    const dialog = await openEdit(user);
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Dr. Emly Watson');
    const specialty = within(dialog).getByLabelText('Specialty');
    expect(specialty).toHaveValue('Teeth Orthodontics');
    expect(
      within(specialty)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Teeth Orthodontics', 'Cosmetic Dentistry']);
    expect(within(dialog).getByRole('img', { name: 'Dr. Emly Watson' })).toHaveAttribute(
      'src',
      emily.img,
    );
    const newPhoto = within(dialog).getByLabelText('New photo (optional)');
    expect(newPhoto).toHaveAttribute('type', 'file');
    expect(newPhoto).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
    expect(newPhoto).not.toBeRequired();
  });

  it('keeps a specialty that is no longer a treatment choosable', async () => {
    const user = userEvent.setup();
    const retired = doctorFactory({ specialty: 'Fluoride Treatment' });
    mockFetch({
      'GET /api/doctor': () => json([retired]),
      'GET /api/service': () => json(services),
    });
    renderDoctors();

    const specialty = within(await openEdit(user)).getByLabelText('Specialty');
    expect(specialty).toHaveValue('Fluoride Treatment');
    expect(
      within(specialty)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Fluoride Treatment', 'Teeth Orthodontics', 'Cosmetic Dentistry']);
  });

  it('saves only what changed, toasts, closes and refreshes the doctors everywhere', async () => {
    const user = userEvent.setup();
    let current = emily;
    const { calls } = mockFetch({
      'GET /api/doctor': () => json([current]),
      'GET /api/service': () => json(services),
      [`PATCH ${doctorPath}`]: (call) => {
        current = { ...current, ...(call.body as Partial<Doctor>) };
        return json(current);
      },
    });
    const { queryClient } = renderDoctors();
    queryClient.setQueryData(publicDoctorsQueryKey, []);
    queryClient.setQueryData(['doctors', 'public'], []);

    const dialog = await openEdit(user);
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, '  Dr. Emily Watson ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Doctor Dr. Emily Watson updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe(doctorPath);
    expect(patch?.body).toEqual({ name: 'Dr. Emily Watson' });
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Dr. Emily Watson');
    expect(requests(calls).filter((request) => request === 'GET /api/doctor')).toHaveLength(2);
    expect(queryClient.getQueryState(publicDoctorsQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['doctors', 'public'])?.isInvalidated).toBe(true);
  });

  it('uploads a new photo first, then saves the doctor with its URL and the new specialty', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/doctor': () => json([emily]),
      'GET /api/service': () => json(services),
      'POST /api/image': () => json({ success: true, data: { url: newPhotoUrl } }),
      [`PATCH ${doctorPath}`]: () =>
        json({ ...emily, specialty: 'Cosmetic Dentistry', img: newPhotoUrl }),
    });
    renderDoctors();

    const dialog = await openEdit(user);
    await user.selectOptions(within(dialog).getByLabelText('Specialty'), 'Cosmetic Dentistry');
    await user.upload(within(dialog).getByLabelText('New photo (optional)'), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Doctor Dr. Emly Watson updated')).toBeInTheDocument();
    expect(requests(calls)).toEqual([
      'GET /api/doctor',
      'GET /api/service',
      'POST /api/image',
      `PATCH ${doctorPath}`,
      'GET /api/doctor',
    ]);
    expect(calls[3]!.body).toEqual({ specialty: 'Cosmetic Dentistry', img: newPhotoUrl });
  });

  it('checks the name and the photo before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = mockFetch({
      'GET /api/doctor': () => json([emily]),
      'GET /api/service': () => json(services),
    });
    renderDoctors();

    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.upload(
      within(dialog).getByLabelText('New photo (optional)'),
      photo('notes.txt', 'text/plain'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(messages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(requests(calls)).toEqual(['GET /api/doctor', 'GET /api/service']);
  });

  it("shows the server's refusal under the field it concerns and stays open", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/doctor': () => json([emily]),
      'GET /api/service': () => json(services),
      [`PATCH ${doctorPath}`]: () =>
        problem(400, 'The request is not valid', {
          errors: { name: ['Must be 100 characters or shorter'] },
        }),
    });
    renderDoctors();

    const dialog = await openEdit(user);
    await user.type(within(dialog).getByLabelText('Name'), ' Jr');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Must be 100 characters or shorter'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toHaveAttribute('open');
    expect(screen.queryByText(/updated$/)).not.toBeInTheDocument();
  });

  it('says why in the dialog when the server refuses with no field to show it on', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/doctor': () => json([emily]),
      'GET /api/service': () => json(services),
      [`PATCH ${doctorPath}`]: () => problem(500, 'Something went wrong on our side'),
    });
    renderDoctors();

    const dialog = await openEdit(user);
    await user.type(within(dialog).getByLabelText('Name'), 'n');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side',
    );
    expect(dialog).toHaveAttribute('open');
  });

  it('closes with a toast when the doctor was removed meanwhile, and the list drops them', async () => {
    const user = userEvent.setup();
    let isRemoved = false;
    mockFetch({
      'GET /api/doctor': () => json(isRemoved ? [] : [emily]),
      'GET /api/service': () => json(services),
      [`PATCH ${doctorPath}`]: () => {
        isRemoved = true;
        return problem(404, 'There is no such doctor.');
      },
    });
    renderDoctors();

    const dialog = await openEdit(user);
    await user.type(within(dialog).getByLabelText('Name'), 'n');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('There is no such doctor.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No doctors yet.')).toBeInTheDocument();
  });

  it('closes without a request when nothing changed, and Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/doctor': () => json([emily]),
      'GET /api/service': () => json(services),
    });
    renderDoctors();

    await user.click(within(await openEdit(user)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const dialog = await openEdit(user);
    await user.type(within(dialog).getByLabelText('Name'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });
});
