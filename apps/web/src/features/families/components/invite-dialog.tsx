/**
 * Mails an invitation about a family member: to another adult to manage them too (`guardian`),
 * or to the family member's own address to take their record over (`handover`). A refusal about
 * the address (it manages them already, it has an account) goes under the address.
 */
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { formEmailSchema, type Dependent } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField } from '../../../components/ui/form-field.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { familyText, useFamilyT, useFamilyText } from '../../../i18n/family.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { emailFieldOptions } from '../../../lib/form-values.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSendInvitation, type InvitationKind } from '../api/send-invitation.ts';

const invitationFormSchema = z.object({ email: formEmailSchema });
type InvitationForm = z.output<typeof invitationFormSchema>;

function textsOf(t: ReturnType<typeof useFamilyT>, kind: InvitationKind, name: string) {
  return kind === 'guardian'
    ? {
        title: t('Invite another guardian for {{name}}', { name }),
        about: t(
          "We email them a link. Once they accept it, logged in with that address, they see and manage {{name}}'s appointments with you.",
          { name },
        ),
        label: t('Their email'),
      }
    : {
        title: t("Hand {{name}}'s record over", { name }),
        about: t(
          'We email {{name}} a link to choose a password. Their appointments and records then become their own account under that address, and you no longer manage them.',
          { name },
        ),
        label: t("{{name}}'s own email", { name }),
      };
}

type InviteDialogProps = { kind: InvitationKind; dependent: Dependent; onClose: () => void };

export function InviteDialog({ kind, dependent, onClose }: InviteDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const invite = useSendInvitation(kind, dependent._id);
  const t = useFamilyT();
  const text = useFamilyText();
  const format = useLocalFormat();
  const texts = textsOf(t, kind, dependent.name);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(invitationFormSchema, { defaultValues: { email: '' } });

  const send = ({ email }: InvitationForm) => {
    setRefusal(null);
    invite.mutate(
      { email },
      {
        onSuccess: (sent) => {
          toast.success(familyText('Invitation sent to {{email}}', { email: sent.email }), {
            description: familyText('The link can be used until {{date}}.', {
              date: format.date(sent.expiresAt),
            }),
          });
          modalRef.current?.close();
        },
        onError: (error) => {
          if (setServerFieldErrors(setError, error, ['email'])) return;
          if (isApiError(error) && error.status === 409)
            setError(
              'email',
              { type: 'server', message: errorMessage(error) },
              { shouldFocus: true },
            );
          else setRefusal(errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal ref={modalRef} title={texts.title} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(send)(event)}
        className="flex flex-col gap-3"
      >
        <p>{texts.about}</p>
        <EmailField
          label={texts.label}
          autoComplete="off"
          required
          error={errors.email?.message && text(errors.email.message)}
          {...register('email', emailFieldOptions)}
        />
        <ModalFooter
          refusal={refusal && text(refusal)}
          dismissLabel={t('Cancel')}
          onDismiss={() => modalRef.current?.close()}
        >
          <Button type="submit" isLoading={invite.isPending}>
            {t('Send invitation')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
