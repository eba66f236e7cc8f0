import { toast } from 'sonner';
import { contactFormSchema, toasts, type ContactForm as ContactValues } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const fields = ['email', 'subject', 'message'] as const satisfies readonly (keyof ContactValues)[];

function isField(name: string): name is (typeof fields)[number] {
  return (fields as readonly string[]).includes(name);
}

/** The contact form (spec section 2): email, subject and message, all required. */
export function ContactForm() {
  const send = useSendContactMessage();
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
        toast.success(toasts.contactReceived);
        reset();
      },
      onError: (error) => {
        // Field problems go next to their fields; anything else is a toast.
        const fieldErrors = isApiError(error)
          ? Object.entries(error.errors).filter(([name]) => isField(name))
          : [];
        for (const [name, [message]] of fieldErrors) {
          if (isField(name)) setError(name, { type: 'server', message }, { shouldFocus: true });
        }
        if (fieldErrors.length === 0) toast.error(errorMessage(error));
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
        Submit
      </Button>
    </form>
  );
}
