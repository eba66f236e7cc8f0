import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminTwoFactorTexts } from '@clinic/shared';
import { ApiError } from '../../lib/api-client.ts';
import { renderAt } from '../../test/utils.tsx';
import { StaffLoadFailed } from './staff-load-failed.tsx';

describe('StaffLoadFailed', () => {
  it('says what went wrong and asks again', async () => {
    const onRetry = vi.fn();
    const error = new ApiError({
      status: 500,
      title: 'Error',
      code: 'internal_error',
      detail: 'Try later',
    });
    renderAt(<StaffLoadFailed error={error} onRetry={onRetry} />, { path: '/dashboard/users' });
    expect(screen.getByRole('alert')).toHaveTextContent('Try later');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('sends an admin without two-step sign-in to Security when the server requires it', async () => {
    const error = new ApiError({
      status: 403,
      title: 'Forbidden',
      code: 'two_factor_required',
      detail: adminTwoFactorTexts.required,
    });
    renderAt(<StaffLoadFailed error={error} onRetry={() => undefined} />, {
      path: '/dashboard/users',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(adminTwoFactorTexts.required);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/security');
  });

  it('only tells an admin who has two-step sign-in on but signed in without a code, with no button to turn it on', () => {
    const problem = {
      status: 403,
      title: 'Forbidden',
      code: 'two_factor_required',
      detail: adminTwoFactorTexts.signInWithCode,
    };
    const error = new ApiError(problem, { ...problem, twoFactorEnabled: true });
    renderAt(<StaffLoadFailed error={error} onRetry={() => undefined} />, {
      path: '/dashboard/users',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(adminTwoFactorTexts.signInWithCode);
    expect(screen.queryByRole('link', { name: 'Turn on two-step sign-in' })).not.toBeInTheDocument();
  });
});
