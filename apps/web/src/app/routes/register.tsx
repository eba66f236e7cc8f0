import { authButtons } from '@clinic/shared';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useAppT } from '../../i18n/app.ts';

export default function RegisterRoute() {
  usePageMeta(
    'Sign Up - Doctors Portal',
    'Create a Doctors Portal account to book dental appointments online.',
  );
  const t = useAppT();
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-sm bg-base-100 shadow-xl">
        <div className="card-body">
          <h1 className="text-center text-2xl font-semibold">{t(authButtons.signUp)}</h1>
          <RegisterForm />
        </div>
      </div>
    </div>
  );
}
