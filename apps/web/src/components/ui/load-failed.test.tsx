import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalog } from '../../i18n/catalog.ts';
import { chooseLocale } from '../../i18n/locale.ts';
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

  it('says a failed connection in the spec’s English', () => {
    render(<LoadFailed error={new Error('offline')} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not reach the clinic server. Please check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
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

describe('LoadFailed in Spanish', () => {
  afterEach(() => {
    act(() => chooseLocale('en'));
  });

  it('says the common failures and asks again in Spanish; a caller’s own words come as they are', async () => {
    await loadCatalog('es', 'common');
    act(() => chooseLocale('es'));
    const { rerender } = render(<LoadFailed error={new Error('offline')} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No se ha podido conectar con el servidor de la clínica. Compruebe su conexión e inténtelo de nuevo.',
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();

    const serverError = new ApiError({
      status: 500,
      title: 'Error',
      code: 'internal_error',
      detail: 'Something went wrong on our side. Please try again.',
    });
    rerender(<LoadFailed error={serverError} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Se ha producido un error por nuestra parte. Inténtelo de nuevo.',
    );

    rerender(<LoadFailed message="Loading chunk failed" onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No se ha podido cargar el contenido');

    rerender(<LoadFailed message="No se han podido cargar sus formularios" retryLabel="Volver a intentarlo" onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No se han podido cargar sus formularios');
    expect(screen.getByRole('button', { name: 'Volver a intentarlo' })).toBeInTheDocument();
  });
});
