/**
 * Adds a family member, or changes one's name, date of birth or relationship. The server's
 * refusals go under the fields they are about (a date of birth in the future, by its clock);
 * anything else stays in the dialog above its buttons.
 */
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { dependentInputSchema, type Dependent, type DependentInput } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { familyText, useFamilyT } from '../../../i18n/family.ts';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { localToday } from '../../../lib/local-today.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useAddDependent } from '../api/add-dependent.ts';
import { useUpdateDependent } from '../api/update-dependent.ts';

const serverFields = ['name', 'dateOfBirth', 'relationship'] as const;

type DependentFormDialogProps = {
  /** The family member to change; absent, a new one is added. */
  dependent?: Dependent | undefined;
  onClose: () => void;
};

export function DependentFormDialog({ dependent, onClose }: DependentFormDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = useAddDependent();
  const t = useFamilyT();
  const update = useUpdateDependent();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(dependentInputSchema, {
    defaultValues: {
      name: dependent?.name ?? '',
      dateOfBirth: dependent?.dateOfBirth ?? '',
      relationship: dependent?.relationship ?? '',
    },
  });

  const save = (values: DependentInput) => {
    setRefusal(null);
    const handlers = {
      onSuccess: (saved: Dependent) => {
        toast.success(
          dependent
            ? familyText("{{name}}'s details saved", { name: saved.name })
            : familyText('{{name}} added to your family', { name: saved.name }),
        );
        modalRef.current?.close();
      },
      onError: (error: unknown) => {
        if (!setServerFieldErrors(setError, error, serverFields)) setRefusal(errorMessage(error));
      },
    };
    const input = { ...values, relationship: values.relationship ?? '' };
    if (dependent) update.mutate({ id: dependent._id, patch: input }, handlers);
    else add.mutate(input, handlers);
  };

  return (
    <Modal
      ref={modalRef}
      title={dependent ? t('Edit {{name}}', { name: dependent.name }) : t('Add a family member')}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(save)(event)}
        className="flex flex-col gap-3"
      >
        <TextField
          label={t('Name')}
          autoComplete="off"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('Date of birth')}
          type="date"
          max={localToday()}
          required
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth')}
        />
        <TextField
          label={t('Relationship (optional)')}
          placeholder={t('Son, daughter, ward…')}
          autoComplete="off"
          error={errors.relationship?.message}
          {...register('relationship')}
        />
        <ModalFooter
          refusal={refusal}
          dismissLabel={t('Cancel')}
          onDismiss={() => modalRef.current?.close()}
        >
          <Button type="submit" isLoading={add.isPending || update.isPending}>
            {dependent ? t('Save') : t('Add')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
