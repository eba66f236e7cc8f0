import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { texts } from '@clinic/shared';
import {
  publicReviewFactory,
  publicReviewsFactory,
  publicReviewsPageFactory,
} from '../../../test/review-factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

const placeholderNames = ['Winson Herry', 'Sarah Lopez', 'David Kim'];

function renderSection() {
  const result = renderAt(<TestimonialsSection />);
  const section = () =>
    screen.getByRole('heading', { level: 2, name: texts.testimonialsTitle }).closest('section')!;
  const cardNames = () =>
    within(section())
      .getAllByRole('listitem')
      .map((card) => card.querySelector('figcaption p')?.textContent);
  const jsonLd = () => result.container.querySelector('script[type="application/ld+json"]');
  return { ...result, section, cardNames, jsonLd };
}

describe('TestimonialsSection (home)', () => {
  it("shows the spec's three placeholders while the reviews load", async () => {
    let answer!: (response: Response) => void;
    const { calls } = mockFetch({
      'GET /api/reviews': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { cardNames, section, jsonLd } = renderSection();

    expect(cardNames()).toEqual(placeholderNames);
    for (const card of within(section()).getAllByRole('listitem')) {
      expect(within(card).getByRole('img')).toHaveAccessibleName(/^Portrait of /);
      expect(card.querySelector('blockquote')).toBeNull();
    }
    expect(within(section()).getByRole('list')).toHaveClass(
      'grid-cols-1',
      'md:grid-cols-2',
      'lg:grid-cols-3',
    );
    await waitFor(() => expect(calls[0]?.path).toBe('/api/reviews?limit=3'));
    expect(jsonLd()).toBeNull();
    answer(json(publicReviewsPageFactory()));
  });

  it('keeps the placeholders when nothing is published, or the list cannot be loaded', async () => {
    const { calls } = mockFetch({ 'GET /api/reviews': () => problem(500, 'Down') });
    const { cardNames, jsonLd } = renderSection();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(cardNames()).toEqual(placeholderNames);
    expect(jsonLd()).toBeNull();
  });

  it('keeps the placeholders until there are three reviews, with the schema.org data already', async () => {
    mockFetch({
      'GET /api/reviews': () =>
        json(publicReviewsPageFactory({ items: publicReviewsFactory(2), average: 4.5, count: 2 })),
    });
    const { cardNames, jsonLd } = renderSection();

    await waitFor(() => expect(jsonLd()).not.toBeNull());
    expect(cardNames()).toEqual(placeholderNames);
    const data = JSON.parse(jsonLd()!.textContent!);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(data.review).toHaveLength(2);
  });

  it("shows the three newest reviews in the spec's cards once there are three", async () => {
    mockFetch({
      'GET /api/reviews': () =>
        json(
          publicReviewsPageFactory({
            items: [
              publicReviewFactory({
                _id: 'p1',
                author: 'Ann L.',
                location: 'Texas',
                img: '/api/image/ann',
                text: 'Kind and quick.\nWould come again.',
              }),
              publicReviewFactory({
                _id: 'p2',
                author: 'Bo B.',
                location: null,
                text: '<b>Fine</b>',
              }),
              publicReviewFactory({ _id: 'p3', author: 'Cy C.', location: 'Ohio' }),
            ],
            average: 4.7,
            count: 12,
          }),
        ),
    });
    const { cardNames, section, jsonLd } = renderSection();

    await waitFor(() => expect(cardNames()).toEqual(['Ann L.', 'Bo B.', 'Cy C.']));
    const [ann, bo] = within(section()).getAllByRole('listitem');
    expect(within(ann!).getByRole('img', { name: 'Portrait of Ann L.' })).toHaveAttribute(
      'src',
      '/api/image/ann',
    );
    expect(within(ann!).getByText('Texas')).toBeInTheDocument();
    const words = ann!.querySelector('blockquote p')!;
    expect(words.textContent).toBe('Kind and quick.\nWould come again.');
    expect(words).toHaveClass('whitespace-pre-line', 'line-clamp-6', 'h-36');
    // No photo: the initials in the avatar's circle, and no empty location line's text.
    expect(within(bo!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(bo!).getByText('BB')).toHaveClass('h-16', 'w-16', 'rounded-full');
    expect(within(bo!).getByText('<b>Fine</b>')).toBeInTheDocument();
    expect(bo!.querySelector('b')).toBeNull();
    expect(JSON.parse(jsonLd()!.textContent!).aggregateRating).toMatchObject({
      ratingValue: 4.7,
      reviewCount: 12,
    });
  });

  it('reserves the same boxes for the words in a placeholder and in a review', async () => {
    let answer!: (response: Response) => void;
    mockFetch({ 'GET /api/reviews': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { section, cardNames } = renderSection();
    const boxOf = (card: HTMLElement) => card.querySelector('figure')!.firstElementChild!;
    const placeholderBox = boxOf(within(section()).getAllByRole('listitem')[0]!);
    expect(placeholderBox).toHaveClass('h-36');

    answer(json(publicReviewsPageFactory({ items: publicReviewsFactory(3) })));
    await waitFor(() => expect(cardNames()[0]).toBe('Patient1 L.'));
    const review = boxOf(within(section()).getAllByRole('listitem')[0]!).querySelector('p')!;
    expect(review.className).toContain(placeholderBox.className);
  });
});
