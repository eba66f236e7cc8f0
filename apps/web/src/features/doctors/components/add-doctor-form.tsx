import { useRef } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { formEmailSchema, nameSchema, toasts, type Service } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { emailFieldOptions } from '../../../lib/form-values.ts';
import { setServerFieldErrors, type ServerFields } from '../../../lib/server-field-errors.ts';
import { useAddDoctor } from '../api/add-doctor.ts';
import { useServices } from '../api/get-services.ts';
import { PHOTO_TYPES, photoSchema } from '../utils/doctor-photo.ts';

/** The form's rules (spec section 5): name and email as on sign-up, a photo required. */
export const addDoctorFormSchema = z.object({
  name: nameSchema,
  email: formEmailSchema,
  /** The spec sets no rule on the specialty. */
  specialty: z.string(),
  photo: photoSchema,
});
type AddDoctorFormInput = z.input<typeof addDoctorFormSchema>;
type AddDoctorFormValues = z.output<typeof addDoctorFormSchema>;

const fieldOfServerError: ServerFields<AddDoctorFormInput> = {
  name: 'name',
  email: 'email',
  specialty: 'specialty',
  image: 'photo',
  img: 'photo',
};

function DoctorForm({ services }: { services: Service[] }) {
  const addDoctor = useAddDoctor();
  const photoInput = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(addDoctorFormSchema, {
    defaultValues: { name: '', email: '', specialty: services[0]?.name ?? '', photo: undefined },
  });

  const photoField = register('photo');

  const save = (values: AddDoctorFormValues) =>
    addDoctor.mutate(values, {
      onSuccess: ({ insertedId }) => {
        if (insertedId) {
          toast.success(toasts.doctorAdded);
          reset();
          // Empty the file picker itself too: the form reads a file input's value back from it.
          if (photoInput.current) photoInput.current.value = '';
        } else {
          toast.error(toasts.doctorAddFailed);
        }
      },
      onError: (error) => {
        // Field problems (a bad photo, a doctor with this email already) go next to the field.
        setServerFieldErrors(setError, error, fieldOfServerError, { shouldFocus: false });
        toast.error(toasts.doctorAddFailed, { description: errorMessage(error) });
      },
    });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(save)(event)}
      className="flex w-full max-w-md flex-col gap-4"
    >
      <TextField
        label="Name"
        autoComplete="off"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <EmailField
        autoComplete="off"
        required
        error={errors.email?.message}
        {...register('email', emailFieldOptions)}
      />
      <SelectField label="Specialty" error={errors.specialty?.message} {...register('specialty')}>
        {services.map((service) => (
          <option key={service._id} value={service.name}>
            {service.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Photo"
        type="file"
        accept={PHOTO_TYPES.join(',')}
        required
        className="file-input"
        error={errors.photo?.message}
        {...photoField}
        ref={(element) => {
          photoField.ref(element);
          photoInput.current = element;
        }}
      />
      <Button type="submit" className="mt-2" isLoading={addDoctor.isPending}>
        Add
      </Button>
    </form>
  );
}

/**
 * Add a Doctor (spec section 2): name, email, a specialty from the treatments, a photo. On submit
 * the photo is uploaded first, then the doctor is saved with its URL.
 */
export function AddDoctorForm() {
  const services = useServices();
  if (services.isPending) return <Spinner label="Loading the specialties…" />;
  if (services.isError) {
    return <StaffLoadFailed error={services.error} onRetry={() => void services.refetch()} />;
  }
  return <DoctorForm services={services.data} />;
}
