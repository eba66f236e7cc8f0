import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers.tsx';

describe('the app toaster', () => {
  it('shows toasts top-right below the navbar, on a desktop and on a phone', async () => {
    render(<AppProviders>page</AppProviders>);
    fireEvent.pointerDown(window);
    act(() => void toast('Appointment is set'));
    await screen.findByText('Appointment is set');
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    await waitFor(() => expect(toaster.dataset.xPosition).toBe('right'));
    expect(toaster.dataset.yPosition).toBe('top');
    // Clear of the navbar's 64 px (daisyUI `navbar`, min-height 4rem).
    expect(toaster.style.getPropertyValue('--offset-top')).toBe('72px');
    expect(toaster.style.getPropertyValue('--mobile-offset-top')).toBe('72px');
  });
});
