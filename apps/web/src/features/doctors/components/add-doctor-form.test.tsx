import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMAGE_MAX_BYTES, messages, toasts } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { AddDoctorForm } from './add-doctor-form.tsx';

const services = [
  { _id: 's1', name: 'Teeth Orthodontics' },
  { _id: 's2', name: 'Cosmetic Dentistry' },
  { _id: 's3', name: 'Oral Surgery' },
];
const photoUrl = '/api/image/0b9f6a56-4a3c-4e57-9d7e-2f1f0f1d1a2b';

function photo(name = 'smile.png', type = 'image/png', size = 64) {
  return new File([new Uint8Array(size)], name, { type });
}

function renderForm() {
  return renderAt(<AddDoctorForm />, { path: '/dashboard/addDoctor' });
}

const addButton = () => screen.getByRole('button', { name: 'Add' });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Name'), 'Sarah Smile');
  await user.type(screen.getByLabelText('Email'), 'Sarah@Clinic.test');
  await user.selectOptions(screen.getByLabelText('Specialty'), 'Oral Surgery');
  await user.upload(screen.getByLabelText('Photo'), photo());
}

describe('AddDoctorForm', () => {
  it('offers the treatments as specialties and takes only image files', async () => {
    mockFetch({ 'GET /api/service': () => json(services) });
    renderForm();

    const select = await screen.findByLabelText('Specialty');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(
      services.map((service) => service.name),
    );
    expect(select).toHaveValue('Teeth Orthodontics');
    expect(screen.getByLabelText('Photo')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp,image/gif',
    );
  });

  it('validates on submit, then re-validates as the fields change', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/service': () => json(services) });
    renderForm();
    await screen.findByLabelText('Name');
    expect(screen.queryByText(messages.nameRequired)).not.toBeInTheDocument();

    await user.click(addButton());
    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.imageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Photo')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Name'), 'Sarah');
    expect(screen.queryByText(messages.nameRequired)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'sarah');
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByText(messages.emailRequired)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '@clinic.test');
    expect(screen.queryByText(messages.emailInvalid)).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Photo'), photo());
    expect(screen.queryByText(messages.imageRequired)).not.toBeInTheDocument();

    // Nothing but the specialties was asked of the server.
    expect(calls.map((call) => call.path)).toEqual(['/api/service']);
  });

  it('refuses a file that is not a photo, or one over 5 MB, before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = mockFetch({ 'GET /api/service': () => json(services) });
    renderForm();
    await fillForm(user);

    await user.upload(screen.getByLabelText('Photo'), photo('notes.txt', 'text/plain'));
    await user.click(addButton());
    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Photo'), photo('huge.png', 'image/png', IMAGE_MAX_BYTES + 1));
    expect(await screen.findByText('The photo must be 5 MB or smaller.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/service']);
  });

  it('uploads the photo first, then saves the doctor with its URL, and starts afresh', async () => {
    const user = userEvent.setup();
    const { calls, spy } = mockFetch({
      'GET /api/service': () => json(services),
      'POST /api/image': () => json({ success: true, data: { url: photoUrl } }),
      'POST /api/doctor': () => json({ insertedId: 'd1' }, 201),
    });
    localStorage.setItem('accessToken', 'token-123');
    renderForm();
    await fillForm(user);
    await user.click(addButton());

    expect(await screen.findByText(toasts.doctorAdded)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/service',
      'POST /api/image',
      'POST /api/doctor',
    ]);

    // The photo went as multipart field 'image', with the bearer token.
    const [, uploadInit] = spy.mock.calls[1]!;
    const upload = uploadInit?.body;
    expect(upload).toBeInstanceOf(FormData);
    const sent = (upload as FormData).get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('smile.png');
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer token-123');
    expect(calls[1]!.headers.has('content-type')).toBe(false);

    expect(calls[2]!.body).toEqual({
      name: 'Sarah Smile',
      email: 'sarah@clinic.test',
      specialty: 'Oral Surgery',
      img: photoUrl,
    });

    // The form is ready for the next doctor.
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Specialty')).toHaveValue('Teeth Orthodontics');
    expect((screen.getByLabelText('Photo') as HTMLInputElement).files).toHaveLength(0);
    await user.click(addButton());
    expect(await screen.findByText(messages.imageRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(3);
  });

  it('says the doctor could not be added, and why, when saving fails', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/service': () => json(services),
      'POST /api/image': () => json({ success: true, data: { url: photoUrl } }),
      'POST /api/doctor': () =>
        problem(409, 'A doctor with this email already exists.', {
          errors: { email: ['A doctor with this email already exists'] },
        }),
    });
    renderForm();
    await fillForm(user);
    await user.click(addButton());

    expect(await screen.findByText(toasts.doctorAddFailed)).toBeInTheDocument();
    expect(screen.queryByText(toasts.doctorAdded)).not.toBeInTheDocument();
    expect(screen.getByText('A doctor with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // Nothing typed is lost.
    expect(screen.getByLabelText('Name')).toHaveValue('Sarah Smile');
  });

  it('does not save the doctor when the photo upload is refused', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/service': () => json(services),
      'POST /api/image': () =>
        problem(400, 'Upload a PNG, JPEG, WebP or GIF image.', {
          errors: { image: ['Upload a PNG, JPEG, WebP or GIF image.'] },
        }),
    });
    renderForm();
    await fillForm(user);
    await user.click(addButton());

    expect(await screen.findByText(toasts.doctorAddFailed)).toBeInTheDocument();
    expect(
      screen.getAllByText('Upload a PNG, JPEG, WebP or GIF image.').some((el) => el.id.endsWith('-error')),
    ).toBe(true);
    expect(calls.some((call) => call.path === '/api/doctor')).toBe(false);
  });
});
