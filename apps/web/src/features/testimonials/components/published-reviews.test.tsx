import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@clinic/shared';
import {
  publicReviewFactory,
  publicReviewsFactory,
  publicReviewsPageFactory,
} from '../../../test/review-factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { averageText, PublishedReviews } from './published-reviews.tsx';

function renderPage() {
  const result = renderAt(<PublishedReviews />, { path: '/reviews' });
  const section = () =>
    screen.getByRole('heading', { level: 1, name: texts.testimonialsTitle }).closest('section')!;
  const cards = () => within(section()).getAllByRole('listitem');
  const cardNames = () => cards().map((card) => card.querySelector('figcaption p')?.textContent);
  const jsonLd = () => result.container.querySelectorAll('script[type="application/ld+json"]');
  return { ...result, section, cards, cardNames, jsonLd };
}

describe('averageText', () => {
  it('says the average out of 5 and how many reviews', () => {
    expect(averageText({ average: 4.6, count: 12 })).toBe('4.6 out of 5 from 12 reviews');
    expect(averageText({ average: 5, count: 1 })).toBe('5 out of 5 from 1 review');
    expect(averageText({ average: 4.25, count: 1200 })).toBe('4.3 out of 5 from 1,200 reviews');
  });
});

describe('PublishedReviews (/reviews)', () => {
  it('lists the reviews newest first under the average, and loads more with the cursor', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/reviews': ({ path }) =>
        new URL(path, 'http://x').searchParams.get('cursor') === 'c2'
          ? json(
              publicReviewsPageFactory({
                items: publicReviewsFactory(2, 4),
                average: 4.6,
                count: 5,
              }),
            )
          : json(
              publicReviewsPageFactory({
                items: publicReviewsFactory(3),
                average: 4.6,
                count: 5,
                nextCursor: 'c2',
              }),
            ),
    });
    const { cardNames, cards, jsonLd } = renderPage();

    expect(await screen.findByText('4.6 out of 5 from 5 reviews')).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/reviews?limit=12');
    expect(cardNames()).toEqual(['Patient1 L.', 'Patient2 L.', 'Patient3 L.']);
    const first = cards()[0]!;
    expect(within(first).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(within(first).getByText('Jun 14, 2030')).toHaveAttribute(
      'datetime',
      '2030-06-14T09:00:00.000Z',
    );
    expect(within(first).getByText('Texas')).toBeInTheDocument();
    expect(jsonLd()).toHaveLength(1);
    expect(JSON.parse(jsonLd()[0]!.textContent!).review).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(calls.at(-1)?.path).toBe('/api/reviews?limit=12&cursor=c2');
    expect(cardNames().slice(3)).toEqual(['Patient4 L.', 'Patient5 L.']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(JSON.parse(jsonLd()[0]!.textContent!).review).toHaveLength(5);
  });

  it('renders the words as text and escapes them in the schema.org data', async () => {
    const text = 'Great</script><script>alert(1)</script>\n<img src=x onerror=alert(2)>';
    mockFetch({
      'GET /api/reviews': () =>
        json(
          publicReviewsPageFactory({
            items: [publicReviewFactory({ text })],
            average: 5,
            count: 1,
          }),
        ),
    });
    const { cards, jsonLd, container } = renderPage();

    await screen.findByText('5 out of 5 from 1 review');
    const words = cards()[0]!.querySelector('blockquote p')!;
    expect(words.textContent).toBe(text);
    expect(words.children).toHaveLength(0);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    // One script element, holding all of the data: '</script>' did not end it.
    const scripts = container.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const raw = jsonLd()[0]!.textContent!;
    expect(raw).not.toContain('<');
    expect(raw).toContain('Great\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(JSON.parse(raw).review[0].reviewBody).toBe(text);
    // The serialised page (what a crawler reads) keeps the element whole.
    expect(scripts[0]!.outerHTML.match(/<\/script>/g)).toHaveLength(1);
  });

  it("keeps the spec's placeholder section, without data, while nothing is published", async () => {
    const { calls } = mockFetch({ 'GET /api/reviews': () => json(publicReviewsPageFactory()) });
    const { cardNames, jsonLd } = renderPage();

    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('list')).not.toHaveAttribute('aria-busy'));
    expect(cardNames()).toEqual(['Winson Herry', 'Sarah Lopez', 'David Kim']);
    expect(screen.queryByText(/out of 5/)).not.toBeInTheDocument();
    expect(jsonLd()).toHaveLength(0);
  });

  it('says when the reviews cannot be loaded, over the placeholders, and asks again', async () => {
    const user = userEvent.setup();
    let fails = true;
    mockFetch({
      'GET /api/reviews': () =>
        fails
          ? problem(500, 'The clinic server is down')
          : json(
              publicReviewsPageFactory({ items: publicReviewsFactory(1), average: 4, count: 1 }),
            ),
    });
    const { cardNames } = renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic server is down');
    expect(cardNames()).toEqual(['Winson Herry', 'Sarah Lopez', 'David Kim']);
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('4 out of 5 from 1 review')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Patient1 L.']);
  });

  it("offers 'Read more' for words the clamp cuts off, and 'Show less' again", async () => {
    // jsdom lays nothing out: the words' box says its text is taller than itself.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(144);
    const user = userEvent.setup();
    mockFetch({
      'GET /api/reviews': () =>
        json(publicReviewsPageFactory({ items: publicReviewsFactory(1), average: 5, count: 1 })),
    });
    const { cards } = renderPage();

    const more = await screen.findByRole('button', { name: 'Read more' });
    const words = cards()[0]!.querySelector('blockquote p')!;
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', words.id);
    expect(words).toHaveClass('line-clamp-6');

    await user.click(more);
    expect(words).not.toHaveClass('line-clamp-6');
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(words).toHaveClass('line-clamp-6');
  });
});
