import { useSearchParams } from 'react-router';
import { passwordResetTexts } from '@clinic/shared';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { usePagesT } from '../../i18n/pages.ts';

/** The mailed link's page: `?token=…`, or `?error=INVALID_TOKEN` from Better Auth's redirect. */
export default function ResetPasswordRoute() {
  const t = usePagesT();
  usePageMeta('Reset password - Doctors Portal', 'Choose a new password for your Doctors Portal account.');
  const [params] = useSearchParams();
  const token = params.get('error') ? null : params.get('token');
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-sm bg-base-100 shadow-xl">
        <div className="card-body">
          <h1 className="text-center text-2xl font-semibold">{t(passwordResetTexts.resetTitle)}</h1>
          <ResetPasswordForm token={token} />
        </div>
      </div>
    </div>
  );
}
