import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReview, ReviewStatus } from '@clinic/shared';
import { adminReviewFactory, visitFactory } from '../../../test/review-factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { ReviewModeration } from './review-moderation.tsx';

/** The server's reviews, moved between statuses by the PATCH as the server would. */
function serveReviews(reviews: AdminReview[], routes: Parameters<typeof mockFetch>[0] = {}) {
  const state = { reviews };
  const mock = mockFetch({
    'GET /api/admin/reviews': ({ path }) => {
      const status = new URL(path, 'http://x').searchParams.get('status') as ReviewStatus;
      return json({
        items: state.reviews.filter((review) => review.status === status),
        nextCursor: null,
      });
    },
    'PATCH /api/admin/reviews/r1': ({ body }) => {
      const { status, note } = body as { status: ReviewStatus; note?: string };
      const changed = { ...state.reviews[0]!, status, moderationNote: note ?? null };
      state.reviews = [changed, ...state.reviews.slice(1)];
      return json({ review: changed });
    },
    ...routes,
  });
  return { state, ...mock };
}

/** The page's own content, without the toasts (which are list items too). */
const page = () => within(screen.getByRole('region', { name: 'Reviews' }));

const patches = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PATCH');

function renderPage() {
  return renderAt(<ReviewModeration />, { path: '/dashboard/reviews' });
}

describe('ReviewModeration', () => {
  it('lists the pending reviews with the stars, the words as plain text, the author, the patient and the visit', async () => {
    const { calls } = serveReviews([
      adminReviewFactory({
        _id: 'r1',
        rating: 2,
        text: 'Too long a wait.\n<script>alert(1)</script>',
        location: 'Texas',
        booking: visitFactory({
          treatment: 'Cavity Filling',
          date: '2030-06-12',
          doctor: 'Ann Lee',
        }),
        createdAt: '2030-06-13T10:00:00.000Z',
        updatedAt: '2030-06-13T10:00:00.000Z',
      }),
    ]);
    const { container } = renderPage();

    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    const card = await page().findByRole('listitem');
    expect(calls[0]?.path).toBe('/api/admin/reviews?status=pending&limit=20');
    expect(within(card).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(
      within(card).getByText(
        (_, element) => element?.textContent === 'Too long a wait.\n<script>alert(1)</script>',
      ),
    ).toHaveClass('whitespace-pre-line');
    expect(container.querySelector('script')).toBeNull();
    expect(within(card).getByText('Pat P., Texas')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'pat@example.com' })).toHaveAttribute(
      'href',
      'mailto:pat@example.com',
    );
    expect(within(card).getByText('Pat Patient', { exact: false })).toBeInTheDocument();
    expect(
      within(card).getByText('Cavity Filling, Jun 12, 2030, 08.30 AM - 09.00 AM, with Dr. Ann Lee'),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Publish the review by Pat P., Jun 13, 2030' }),
    ).toHaveTextContent('Publish');
    expect(
      within(card).getByRole('button', { name: 'Hide the review by Pat P., Jun 13, 2030' }),
    ).toHaveTextContent('Hide');
  });

  it('publishes a review with a note: a toast, and it leaves the pending list for the published one', async () => {
    const user = userEvent.setup();
    const { calls } = serveReviews([adminReviewFactory({ _id: 'r1' })]);
    renderPage();

    const card = await page().findByRole('listitem');
    await user.type(
      within(card).getByRole('textbox', { name: 'Note (optional)' }),
      ' Checked by Ada ',
    );
    await user.click(within(card).getByRole('button', { name: /^Publish/ }));

    expect(await screen.findByText('Review by Pat P. published')).toBeInTheDocument();
    expect(patches(calls)[0]?.body).toEqual({ status: 'published', note: 'Checked by Ada' });
    expect(await screen.findByText('No reviews are waiting for a decision.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Published');
    const published = await page().findByRole('listitem');
    expect(within(published).getByText('Checked by Ada')).toBeInTheDocument();
    // A published review can be hidden, not published again.
    expect(within(published).queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(
      '/api/admin/reviews?status=published&limit=20',
    );
  });

  it('hides a review without a note', async () => {
    const user = userEvent.setup();
    const { calls } = serveReviews([adminReviewFactory({ _id: 'r1' })]);
    renderPage();

    await user.click(
      within(await page().findByRole('listitem')).getByRole('button', { name: /^Hide/ }),
    );
    expect(await screen.findByText('Review by Pat P. hidden')).toBeInTheDocument();
    expect(patches(calls)[0]?.body).toEqual({ status: 'hidden' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Not published');
    const hidden = await page().findByRole('listitem');
    expect(within(hidden).getByRole('button', { name: /^Publish/ })).toBeInTheDocument();
    expect(within(hidden).queryByRole('button', { name: /^Hide/ })).not.toBeInTheDocument();
  });

  it('says why the server refused (a withdrawn review) and offers no decision on withdrawn ones', async () => {
    const user = userEvent.setup();
    serveReviews(
      [adminReviewFactory({ _id: 'r1' }), adminReviewFactory({ _id: 'r2', status: 'withdrawn' })],
      {
        'PATCH /api/admin/reviews/r1': () =>
          problem(409, 'The patient withdrew this review', { code: 'conflict' }),
      },
    );
    renderPage();

    await user.click(
      within(await page().findByRole('listitem')).getByRole('button', { name: /^Publish/ }),
    );
    expect(await screen.findByText('The patient withdrew this review')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Withdrawn');
    const withdrawn = await page().findByRole('listitem');
    expect(within(withdrawn).queryByRole('button')).not.toBeInTheDocument();
  });

  it('loads more with the cursor, and shows an empty list, a failure and Retry', async () => {
    const user = userEvent.setup();
    let fails = true;
    const { calls } = mockFetch({
      'GET /api/admin/reviews': ({ path }) => {
        const search = new URL(path, 'http://x').searchParams;
        if (search.get('status') === 'hidden') return json({ items: [], nextCursor: null });
        if (fails) return problem(500, 'The clinic server is down');
        return search.get('cursor') === 'c2'
          ? json({ items: [adminReviewFactory({ _id: 'r2', author: 'Bo B.' })], nextCursor: null })
          : json({ items: [adminReviewFactory({ _id: 'r1' })], nextCursor: 'c2' });
      },
    });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic server is down');
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await page().findAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(page().getAllByRole('listitem')).toHaveLength(2));
    expect(calls.filter(({ path }) => path.startsWith('/api/admin/reviews')).at(-1)?.path).toBe(
      '/api/admin/reviews?status=pending&limit=20&cursor=c2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Not published');
    expect(await screen.findByText('No reviews are hidden.')).toBeInTheDocument();
  });
});
