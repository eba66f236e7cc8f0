import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { texts } from '@clinic/shared';
import { slotLabels, treatmentFactory } from '../../../test/factories.ts';
import { TreatmentCard } from './treatment-card.tsx';

const joinHref = '/dashboard/waitlist?join=t1&from=2030-06-12';

function renderCard(slots: string[], onBook = vi.fn(), joinWaitlistHref?: string) {
  const treatment = treatmentFactory({ slots });
  const result = render(
    <MemoryRouter>
      <ul>
        <TreatmentCard treatment={treatment} onBook={onBook} joinWaitlistHref={joinWaitlistHref} />
      </ul>
    </MemoryRouter>,
  );
  return { ...result, treatment, onBook };
}

const bookButton = () => screen.getByRole('button', { name: texts.bookAppointment });

describe('TreatmentCard', () => {
  it('shows the name, the first free slot, the spaces left and the price', async () => {
    const user = userEvent.setup();
    const { treatment, onBook } = renderCard([...slotLabels]);

    const card = screen.getByRole('listitem', { name: 'Teeth Cleaning' });
    expect(card).toHaveTextContent('Teeth Cleaning');
    expect(screen.getByText('08.00 AM - 08.30 AM')).toBeInTheDocument();
    expect(screen.queryByText('08.30 AM - 09.00 AM')).not.toBeInTheDocument();
    expect(screen.getByText('3 spaces available')).toBeInTheDocument();
    expect(screen.getByText('price: $17')).toBeInTheDocument();
    expect(screen.queryByText(texts.noSlot)).not.toBeInTheDocument();

    expect(bookButton()).toBeEnabled();
    expect(bookButton()).toHaveAccessibleDescription('Teeth Cleaning');
    await user.click(bookButton());
    expect(onBook).toHaveBeenCalledWith(treatment);
  });

  it("says 'space' for exactly one", () => {
    renderCard(['04.30 PM - 05.00 PM']);
    expect(screen.getByText('1 space available')).toBeInTheDocument();
    expect(screen.getByText('04.30 PM - 05.00 PM')).toBeInTheDocument();
    expect(bookButton()).toBeEnabled();
  });

  it("shows 'No Slot Available' in red and disables booking when nothing is free", async () => {
    const user = userEvent.setup();
    const { onBook } = renderCard([]);

    expect(screen.getByText(texts.noSlot)).toHaveClass('text-error');
    expect(screen.getByText('0 spaces available')).toBeInTheDocument();
    expect(bookButton()).toBeDisabled();
    await user.click(bookButton());
    expect(onBook).not.toHaveBeenCalled();
  });

  it("links to the waitlist beside the disabled button, which stays the card's only button, when nothing is free", () => {
    renderCard([], vi.fn(), joinHref);

    const card = screen.getByRole('listitem', { name: 'Teeth Cleaning' });
    expect(within(card).getAllByRole('button')).toEqual([bookButton()]);
    expect(bookButton()).toBeDisabled();
    const join = within(card).getByRole('link', { name: 'Join waitlist' });
    expect(join).toHaveAttribute('href', joinHref);
    expect(join).toHaveAccessibleDescription('Teeth Cleaning');
  });

  it('offers no waitlist while a slot is free, nor where the page has none', () => {
    const { unmount } = renderCard([...slotLabels], vi.fn(), joinHref);
    expect(screen.queryByRole('link', { name: 'Join waitlist' })).not.toBeInTheDocument();
    unmount();
    renderCard([]);
    expect(screen.queryByRole('link', { name: 'Join waitlist' })).not.toBeInTheDocument();
  });
});
