import { toast } from 'sonner';
import { contactFormSchema, toasts } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { appText, useAppT } from '../../../i18n/app.ts';

/** The contact form (spec section 2): email, subject and message, all required. */
export function ContactForm() {
  const send = useSendContactMessage();
  const t = useAppT();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(contactFormSchema, {
    defaultValues: { email: '', subject: '', message: '' },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast.success(appText(toasts.contactReceived));
        reset();
      },
      onError: (error) => {
        // Field problems go next to their fields; anything else is a toast.
        if (!setServerFieldErrors(setError, error, ['email', 'subject', 'message'])) {
          toast.error(appText(errorMessage(error)));
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex w-full flex-col gap-4">
      <EmailField
        label="Email Address"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Subject"
        required
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextAreaField
        label="Your message"
        rows={5}
        required
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" className="self-center px-10" isLoading={send.isPending}>
        {t('Submit')}
      </Button>
    </form>
  );
}
