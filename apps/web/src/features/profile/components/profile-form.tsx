import { toast } from 'sonner';
import { z } from 'zod';
import { nameSchema, phoneSchema, toasts, type Me } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { accountText, useAccountT } from '../../../i18n/account.ts';

/** The page sends both fields; the route's schema takes either. */
const profileFormSchema = z.object({ name: nameSchema, phone: phoneSchema });

type ProfileFormProps = {
  account: NonNullable<Me>;
  onSaved: (user: NonNullable<Me>) => void;
};

/** Name and phone of the signed-in account; the phone pre-fills the booking dialog. */
export function ProfileForm({ account, onSaved }: ProfileFormProps) {
  const t = useAccountT();
  const save = useUpdateProfile(onSaved);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(profileFormSchema, {
    defaultValues: { name: account.name, phone: account.phone ?? '' },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (user) => {
        toast.success(accountText(toasts.profileSaved));
        reset({ name: user.name, phone: user.phone ?? '' });
      },
      onError: (error) => {
        if (!setServerFieldErrors(setError, error, ['name', 'phone'])) {
          toast.error(accountText(errorMessage(error)));
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex w-full max-w-md flex-col gap-4">
      <TextField label={t('Email')} type="email" value={account.email} readOnly disabled />
      <TextField
        label={t('Name')}
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={t('Phone')}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Button type="submit" className="self-start" isLoading={save.isPending}>
        {t('Save')}
      </Button>
    </form>
  );
}
