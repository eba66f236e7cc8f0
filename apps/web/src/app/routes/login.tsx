import { authButtons } from '@clinic/shared';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useAppT } from '../../i18n/app.ts';

export default function LoginRoute() {
  usePageMeta('Login - Doctors Portal', 'Log in to Doctors Portal to book and pay for appointments.');
  const t = useAppT();
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-sm bg-base-100 shadow-xl">
        <div className="card-body">
          <h1 className="text-center text-2xl font-semibold">{t(authButtons.login)}</h1>
          <LoginForm />
        </div>
      </div>
    </div>
  );
}
