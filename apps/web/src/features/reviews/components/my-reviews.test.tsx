import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyReviews as MyReviewsList } from '@clinic/shared';
import {
  myReviewsFactory,
  ownReviewFactory,
  visitFactory,
} from '../../../test/review-factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { loadCatalog } from '../../../i18n/catalog.ts';
import { chooseLocale } from '../../../i18n/locale.ts';
import { MyReviews, NO_REVIEWS_TEXT } from './my-reviews.tsx';
import { REVIEW_SAVED_TOAST, REVIEW_SENT_TOAST } from './review-form-dialog.tsx';
import { REVIEW_WITHDRAWN_TOAST } from './withdraw-review-dialog.tsx';

function renderPage() {
  return renderAt(<MyReviews authorName="Pat P." />, { path: '/dashboard/review' });
}

/** The list the server answers, changed by the test as the server would. */
function serveList(initial: MyReviewsList, routes: Parameters<typeof mockFetch>[0] = {}) {
  const state = { list: initial };
  const mock = mockFetch({ 'GET /api/me/reviews': () => json(state.list), ...routes });
  return { state, ...mock };
}

const writeButton = () =>
  screen.getByRole('button', { name: 'Write a review of Teeth Cleaning on Jun 12, 2030' });

describe('MyReviews', () => {
  it('shows a spinner while loading, then the empty state', async () => {
    serveList(myReviewsFactory({ reviewableVisits: [] }));
    renderPage();

    expect(screen.getByRole('heading', { name: 'My Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your reviews…');
    expect(await screen.findByText(NO_REVIEWS_TEXT)).toBeInTheDocument();
  });

  it("says whose visit it was when it was a dependent's", async () => {
    serveList(myReviewsFactory({ reviewableVisits: [visitFactory({ _id: 'b9', for: 'Leo Parent' })] }));
    renderPage();
    expect(await screen.findByText(/, for Leo Parent$/)).toBeInTheDocument();
  });

  it('shows what went wrong and asks again on Retry', async () => {
    let fails = true;
    mockFetch({
      'GET /api/me/reviews': () =>
        fails ? problem(500, 'The clinic server is down') : json(myReviewsFactory()),
    });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic server is down');
    fails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Visits to review' })).toBeInTheDocument();
  });

  it('lists the visits to review and the reviews with their status, the words as plain text', async () => {
    const hostile = '<b>Great</b> <img src=x onerror=alert(1)>\nSecond line';
    serveList(
      myReviewsFactory({
        reviews: [
          {
            review: ownReviewFactory({ _id: 'r1', status: 'pending', text: hostile }),
            booking: visitFactory({ _id: 'b2', treatment: 'Cavity Filling', date: '2030-05-02' }),
          },
          {
            review: ownReviewFactory({ _id: 'r2', status: 'published', location: 'Texas' }),
            booking: visitFactory({ _id: 'b3', treatment: 'Oral Surgery', date: '2030-04-02' }),
          },
          {
            review: ownReviewFactory({ _id: 'r3', status: 'hidden' }),
            booking: visitFactory({ _id: 'b4', treatment: 'Teeth Whitening', date: '2030-03-02' }),
          },
          {
            review: ownReviewFactory({ _id: 'r4', status: 'withdrawn' }),
            booking: visitFactory({
              _id: 'b5',
              treatment: 'Fluoride Treatment',
              date: '2030-02-02',
            }),
          },
        ],
      }),
    );
    const { container } = renderPage();

    const toReview = (await screen.findByRole('heading', { name: 'Visits to review' })).closest(
      'section',
    )!;
    expect(
      within(toReview).getByText('Jun 12, 2030, 08.30 AM - 09.00 AM, with Dr. Ann Lee'),
    ).toBeInTheDocument();
    expect(writeButton()).toHaveTextContent('Write a review');

    const own = screen.getByRole('heading', { name: 'Your reviews' }).closest('section')!;
    const cards = within(own).getAllByRole('listitem');
    expect(
      cards.map((card) => within(card).getByText(/^(Waiting|Published|Not|Withdrawn)/).textContent),
    ).toEqual(['Waiting for the clinic', 'Published', 'Not published', 'Withdrawn']);
    expect(within(cards[0]!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    // The text exactly as written: no element made of it, its line break kept by CSS.
    const text = within(cards[0]!).getByText((_, element) => element?.textContent === hostile);
    expect(text.tagName).toBe('P');
    expect(text).toHaveClass('whitespace-pre-line');
    expect(text.children).toHaveLength(0);
    expect(container.querySelector('b, img[src="x"]')).toBeNull();
    expect(within(cards[1]!).getByText('From Texas')).toBeInTheDocument();
    // A withdrawn review can be neither edited nor withdrawn again.
    expect(within(cards[3]!).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(cards[2]!).getByRole('button', {
        name: 'Edit your review of Teeth Whitening on Mar 2, 2030',
      }),
    ).toBeInTheDocument();
  });

  it('writes a review: stars from the keyboard, the characters left, then waiting for the clinic', async () => {
    const user = userEvent.setup();
    const { state, calls } = serveList(myReviewsFactory(), {
      'POST /api/booking/b1/review': ({ body }) => {
        const review = ownReviewFactory({ ...(body as object), status: 'pending' });
        state.list = {
          reviews: [{ review, booking: visitFactory() }],
          reviewable: [],
          reviewableVisits: [],
        };
        return json({ review }, 201);
      },
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /^Write a review/ }));
    const dialog = screen.getByRole('dialog', { name: 'Review Teeth Cleaning' });
    expect(
      within(dialog).getByText('Jun 12, 2030, 08.30 AM - 09.00 AM, with Dr. Ann Lee'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Your review is shown under your first name and initial (Pat P.) and published once the clinic has checked it.',
      ),
    ).toBeInTheDocument();

    const stars = within(dialog).getByRole('radiogroup', { name: 'Your rating' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    within(stars).getByRole('radio', { name: '1 star' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(stars).getByRole('radio', { name: '2 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toHaveFocus();

    const text = within(dialog).getByRole('textbox', { name: 'Your review' });
    expect(text).toHaveAccessibleDescription('1,000 characters left');
    await user.type(text, 'Great{Enter}care');
    expect(text).toHaveAccessibleDescription('990 characters left');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Where are you from? (optional)' }),
      'Texas',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));

    expect(await screen.findByText(REVIEW_SENT_TOAST)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      rating: 4,
      text: 'Great\ncare',
      location: 'Texas',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const own = screen.getByRole('heading', { name: 'Your reviews' }).closest('section')!;
    expect(within(own).getByText('Waiting for the clinic')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Visits to review' })).not.toBeInTheDocument();
  });

  it('checks the form with the shared schema before sending, and leaves out an empty location', async () => {
    const user = userEvent.setup();
    const { calls } = serveList(myReviewsFactory(), {
      'POST /api/booking/b1/review': () => json({ review: ownReviewFactory() }, 201),
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /^Write a review/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));

    expect(await within(dialog).findByText('Choose 1 to 5 stars')).toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: 'Your rating' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const text = within(dialog).getByRole('textbox', { name: 'Your review' });
    expect(text).toHaveAccessibleDescription(
      'Write a few words about your visit 1,000 characters left',
    );

    await user.click(text);
    await user.paste('x'.repeat(1001));
    expect(within(dialog).getByText('1 character too many')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('A review has at most 1,000 characters'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    expect(within(dialog).queryByText('Choose 1 to 5 stars')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(text);
    await user.type(text, '  Fine  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ rating: 5, text: 'Fine' });
  });

  it("puts the server's field errors under the fields, and its other refusals in the dialog", async () => {
    const user = userEvent.setup();
    let answer = problem(400, 'Check the review', {
      code: 'validation_failed',
      errors: { text: ['A review is plain text'] },
    });
    serveList(myReviewsFactory(), { 'POST /api/booking/b1/review': () => answer });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /^Write a review/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'Fine');
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(await within(dialog).findByText('A review is plain text')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    answer = problem(409, 'This visit has a review already', { code: 'conflict' });
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This visit has a review already',
    );

    answer = problem(429, 'Too many reviews; try again later', { code: 'rate_limited' });
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many reviews; try again later',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a published review in the same form, saying it is checked again', async () => {
    const user = userEvent.setup();
    const published = ownReviewFactory({
      status: 'published',
      rating: 5,
      text: 'Great',
      location: 'Texas',
    });
    const { state, calls } = serveList(
      myReviewsFactory({
        reviewableVisits: [],
        reviews: [{ review: published, booking: visitFactory() }],
      }),
      {
        'PATCH /api/reviews/r1': ({ body }) => {
          const review = { ...published, ...(body as object), status: 'pending' as const };
          state.list = { ...state.list, reviews: [{ review, booking: visitFactory() }] };
          return json({ review });
        },
      },
    );
    renderPage();

    await user.click(
      await screen.findByRole('button', {
        name: 'Edit your review of Teeth Cleaning on Jun 12, 2030',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit your review of Teeth Cleaning' });
    expect(
      within(dialog).getByText(/A published review you edit is checked again/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '5 stars' })).toBeChecked();
    const text = within(dialog).getByRole('textbox', { name: 'Your review' });
    expect(text).toHaveValue('Great');
    expect(text).toHaveAccessibleDescription('995 characters left');

    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    await user.type(text, ', mostly');
    await user.clear(
      within(dialog).getByRole('textbox', { name: 'Where are you from? (optional)' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));

    expect(await screen.findByText(REVIEW_SAVED_TOAST)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      rating: 3,
      text: 'Great, mostly',
      location: '',
    });
    expect(await screen.findByText('Waiting for the clinic')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
  });

  it('withdraws a review only once confirmed', async () => {
    const user = userEvent.setup();
    const review = ownReviewFactory({ status: 'published' });
    const { state, calls } = serveList(
      myReviewsFactory({ reviewableVisits: [], reviews: [{ review, booking: visitFactory() }] }),
      {
        'DELETE /api/reviews/r1': () => {
          state.list = {
            ...state.list,
            reviews: [{ review: { ...review, status: 'withdrawn' }, booking: visitFactory() }],
          };
          return new Response(null, { status: 204 });
        },
      },
    );
    renderPage();

    const withdraw = await screen.findByRole('button', {
      name: 'Withdraw your review of Teeth Cleaning on Jun 12, 2030',
    });
    await user.click(withdraw);
    let dialog = screen.getByRole('dialog', { name: 'Withdraw your review?' });
    expect(dialog).toHaveTextContent('you cannot review this visit again');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(withdraw);
    dialog = screen.getByRole('dialog', { name: 'Withdraw your review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, withdraw it' }));
    expect(await screen.findByText(REVIEW_WITHDRAWN_TOAST)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('reads in Spanish, the dates as Spanish writes them', async () => {
    serveList(myReviewsFactory());
    await loadCatalog('es', 'reviews');
    act(() => chooseLocale('es'));
    try {
      renderPage();
      expect(screen.getByRole('heading', { name: 'Mis reseñas' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Visitas por valorar' })).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: /^Escribir una reseña de Teeth Cleaning el 12 jun 2030$/ }),
      ).toHaveTextContent('Escribir una reseña');
    } finally {
      act(() => chooseLocale('en'));
    }
  });
});
