import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api-client.ts';
import { LoadFailed } from './load-failed.tsx';

describe('LoadFailed', () => {
  it('says what went wrong and asks again', async () => {
    const onRetry = vi.fn();
    const error = new ApiError({
      status: 500,
      title: 'Error',
      code: 'internal_error',
      detail: 'Try later',
    });
    render(<LoadFailed error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Try later');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows the caller's own words and button label when given", async () => {
    const onRetry = vi.fn();
    render(<LoadFailed message="Loading chunk failed" retryLabel="Try again" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Loading chunk failed');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("offers the caller's way on instead of a retry", () => {
    render(
      <LoadFailed
        error={new Error('x')}
        onRetry={() => undefined}
        action={<a href="/x">Elsewhere</a>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
