import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSignIn } from '../../features/auth/api/sign-in.ts';
import { useSetupStatus } from '../../features/setup/api/get-setup-status.ts';
import { SetupForm, type OwnerCredentials } from '../../features/setup/components/setup-form.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * The first run, at the address the server logs (`/setup?token=…`): the clinic and its owner,
 * who is then signed in as at the login screen and taken to the dashboard. Once the portal is set
 * up (the server answers 404 or `needed: false`) this address is the home page.
 */
export default function SetupRoute() {
  usePageMeta('Set up your clinic - Doctors Portal', 'Set up the Doctors Portal for your clinic.');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const status = useSetupStatus();
  const signIn = useSignIn();
  const navigate = useNavigate();

  const signInOwner = async (owner: OwnerCredentials) => {
    const { needsSecondFactor } = await signIn.mutateAsync(owner);
    await navigate(needsSecondFactor ? '/login' : '/dashboard', { replace: true });
  };

  if (status.isPending) return <Spinner label="Checking the setup…" />;
  if (status.isError) {
    return <LoadFailed layout="page" error={status.error} onRetry={() => void status.refetch()} />;
  }
  if (!status.data.needed) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-semibold">Set up your clinic</h1>
      {token ? (
        <>
          <p>
            Name your clinic and make the owner&apos;s account. You can change the clinic&apos;s
            details later under Dashboard, Clinic profile.
          </p>
          <SetupForm token={token} onSetUp={signInOwner} />
        </>
      ) : (
        <p role="alert">
          Open the setup address the server printed in its log when it started: it ends in ?token=…
        </p>
      )}
    </div>
  );
}
