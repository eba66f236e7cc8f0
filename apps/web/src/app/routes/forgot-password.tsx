import { passwordResetTexts } from '@clinic/shared';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { usePagesT } from '../../i18n/pages.ts';

export default function ForgotPasswordRoute() {
  const t = usePagesT();
  usePageMeta('Forgot password - Doctors Portal', 'Ask for a link to choose a new Doctors Portal password.');
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-sm bg-base-100 shadow-xl">
        <div className="card-body">
          <h1 className="text-center text-2xl font-semibold">{t(passwordResetTexts.forgotTitle)}</h1>
          <ForgotPasswordForm />
        </div>
      </div>
    </div>
  );
}
