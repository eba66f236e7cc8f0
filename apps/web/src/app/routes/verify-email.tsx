import { useSearchParams } from 'react-router';
import { EmailVerificationResult } from '../../features/auth/components/email-verification-result.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

export default function VerifyEmailRoute() {
  usePageMeta('Confirm your email - Doctors Portal', 'Confirm the email address of your Doctors Portal account.');
  const [params] = useSearchParams();
  return (
    <div className="mx-auto flex max-w-xl px-4 py-12">
      <div className="card w-full bg-base-100 shadow-xl">
        <div className="card-body">
          <EmailVerificationResult error={params.get('error')} />
        </div>
      </div>
    </div>
  );
}
