import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { nameSchema, type Doctor, type Service } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors, type ServerFields } from '../../../lib/server-field-errors.ts';
import { useServices } from '../api/get-services.ts';
import { useUpdateDoctor, type DoctorChange } from '../api/update-doctor.ts';
import { DOCTOR_AVATAR_SIZE, optionalPhotoSchema, PHOTO_TYPES } from '../utils/doctor-photo.ts';

/** The edit form's rules: the name as when adding, any specialty, a new photo if one is chosen. */
export const editDoctorFormSchema = z.object({
  name: nameSchema,
  specialty: z.string(),
  photo: optionalPhotoSchema,
});
type EditDoctorFormInput = z.input<typeof editDoctorFormSchema>;
type EditDoctorFormValues = z.output<typeof editDoctorFormSchema>;

const fieldOfServerError: ServerFields<EditDoctorFormInput> = {
  name: 'name',
  specialty: 'specialty',
  image: 'photo',
  img: 'photo',
};

/** Only what differs from the doctor as listed; null when nothing does. */
export function doctorChangeOf(doctor: Doctor, values: EditDoctorFormValues): DoctorChange | null {
  const change: DoctorChange = { id: doctor._id };
  if (values.name !== doctor.name) change.name = values.name;
  if (values.specialty !== doctor.specialty) change.specialty = values.specialty;
  if (values.photo) change.photo = values.photo;
  return Object.keys(change).length > 1 ? change : null;
}

/**
 * The treatments' names to choose a specialty from, with the doctor's own first if it is no
 * longer one of them (a renamed treatment): keeping it must stay possible.
 */
function specialtyChoices(services: Service[], current: string): string[] {
  const names = services.map((service) => service.name);
  return names.includes(current) ? names : [current, ...names];
}

type EditDoctorFormProps = {
  doctor: Doctor;
  services: Service[];
  onDone: () => void;
};

function EditDoctorForm({ doctor, services, onDone }: EditDoctorFormProps) {
  const updateDoctor = useUpdateDoctor();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(editDoctorFormSchema, {
    defaultValues: { name: doctor.name, specialty: doctor.specialty, photo: undefined },
  });

  const save = (values: EditDoctorFormValues) => {
    setRefusal(null);
    const change = doctorChangeOf(doctor, values);
    if (!change) {
      onDone();
      return;
    }
    updateDoctor.mutate(change, {
      onSuccess: (saved) => {
        toast.success(`Doctor ${saved.name} updated`);
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 404) {
          // Someone removed the doctor meanwhile; the list has dropped them behind the dialog.
          toast.error(errorMessage(error));
          onDone();
          return;
        }
        const isShownOnField = setServerFieldErrors(setError, error, fieldOfServerError);
        if (!isShownOnField) setRefusal(errorMessage(error));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(save)(event)}
      className="flex flex-col gap-3"
    >
      <TextField
        label="Name"
        autoComplete="off"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField label="Specialty" error={errors.specialty?.message} {...register('specialty')}>
        {specialtyChoices(services, doctor.specialty).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end gap-3">
        <img
          src={doctor.img}
          alt={doctor.name}
          width={DOCTOR_AVATAR_SIZE}
          height={DOCTOR_AVATAR_SIZE}
          decoding="async"
          className="h-12 w-12 shrink-0 rounded-full object-cover"
        />
        <div className="min-w-0 flex-1">
          <TextField
            label="New photo (optional)"
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="file-input"
            error={errors.photo?.message}
            {...register('photo')}
          />
        </div>
      </div>
      <ModalFooter refusal={refusal} dismissLabel="Cancel" onDismiss={onDone}>
        <Button type="submit" isLoading={updateDoctor.isPending}>
          Save
        </Button>
      </ModalFooter>
    </form>
  );
}

type EditDoctorDialogProps = { doctor: Doctor; onClose: () => void };

/**
 * Edits a doctor in place (name, specialty, photo), which deleting and adding again would not:
 * that loses their treatments, hours and bookings. On success it toasts and closes; the lists
 * that show the doctor refresh. A field the server refuses says why under it.
 */
export function EditDoctorDialog({ doctor, onClose }: EditDoctorDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const services = useServices();
  const close = () => modalRef.current?.close();
  return (
    <Modal ref={modalRef} title={`Edit ${doctor.name}`} onClose={onClose}>
      {services.isPending ? (
        <Spinner label="Loading the specialties…" />
      ) : services.isError ? (
        <ModalFooter refusal={errorMessage(services.error)} dismissLabel="Cancel" onDismiss={close}>
          <Button onClick={() => void services.refetch()}>Try again</Button>
        </ModalFooter>
      ) : (
        <EditDoctorForm doctor={doctor} services={services.data} onDone={close} />
      )}
    </Modal>
  );
}
