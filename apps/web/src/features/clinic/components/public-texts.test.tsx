import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { texts } from '@clinic/shared';
import { clinicQueryKey } from '../../../lib/clinic-query.ts';
import {
  clinicProfileFactory,
  filledClinicProfileFactory,
} from '../../../test/clinic-factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { AboutContent } from './about-content.tsx';
import { paragraphsOf } from './clinic-text.tsx';
import { LegalDocument } from './legal-document.tsx';

describe("the clinic's public texts", () => {
  it('splits a text into paragraphs on blank lines, keeping single line breaks', () => {
    expect(paragraphsOf('One\nstill one\n\n\nTwo\r\n  \r\nThree\n\n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
    expect(paragraphsOf('  \n\n ')).toEqual([]);
  });

  it.each([
    ['nothing is written', () => json(clinicProfileFactory())],
    ['the profile cannot be had', () => problem(500, 'Down')],
  ])("/about shows exactly the spec's 'This is about' while %s", async (_case, answer) => {
    mockFetch({ 'GET /api/clinic': answer });
    const { queryClient, container } = renderAt(<AboutContent />);

    await screen.findByRole('heading', { name: texts.about });
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(clinicQueryKey)?.status).not.toBe('pending'),
    );
    expect(texts.about).toBe('This is about');
    expect(container.textContent).toBe('This is about');
  });

  it("/about shows the clinic's own text once written, as plain paragraphs", async () => {
    mockFetch({
      'GET /api/clinic': () =>
        json(filledClinicProfileFactory({ about: 'We care for teeth.\n\n<b>Since</b> 1999.' })),
    });
    const { container } = renderAt(<AboutContent />);

    expect(await screen.findByRole('heading', { name: 'About Smile Studio' })).toBeInTheDocument();
    expect(screen.getByText('We care for teeth.').tagName).toBe('P');
    expect(screen.getByText('<b>Since</b> 1999.')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.queryByText(texts.about)).not.toBeInTheDocument();
  });

  it('shows the privacy policy and the terms as the clinic wrote them', async () => {
    mockFetch({ 'GET /api/clinic': () => json(filledClinicProfileFactory()) });
    renderAt(
      <>
        <LegalDocument document="privacyPolicy" />
        <LegalDocument document="terms" />
      </>,
    );

    expect(await screen.findByText('We keep your data safe.')).toBeInTheDocument();
    expect(screen.getByText('Ask us anything.')).toBeInTheDocument();
    expect(screen.getByText('Be on time.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Terms of use' })).toBeInTheDocument();
  });

  it('says when the clinic has not published them', async () => {
    mockFetch({ 'GET /api/clinic': () => json(clinicProfileFactory()) });
    renderAt(
      <>
        <LegalDocument document="privacyPolicy" />
        <LegalDocument document="terms" />
      </>,
    );

    expect(
      await screen.findByText('The clinic has not published a privacy policy yet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The clinic has not published terms of use yet.')).toBeInTheDocument();
  });
});
