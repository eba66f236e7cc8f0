import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { clinicProfileFactory, filledClinicProfileFactory } from '../../test/clinic-factories.ts';
import { publicReviewsFactory, publicReviewsPageFactory } from '../../test/review-factories.ts';
import { json, mockFetch, problem, renderAt } from '../../test/utils.tsx';
import { loadCatalog } from '../../i18n/catalog.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import AboutRoute from './about.tsx';
import ContactRoute from './contact.tsx';
import PrivacyRoute from './privacy.tsx';
import ReviewsRoute from './reviews.tsx';

describe('the About, Contact Us, Privacy policy and Reviews pages', () => {
  describe('in Spanish', () => {
    beforeEach(async () => {
      await Promise.all(['pages', 'common', 'app'].map((ns) => loadCatalog('es', ns)));
      act(() => chooseLocale('es'));
    });
    afterEach(() => {
      act(() => chooseLocale('en'));
      localStorage.clear();
    });

    it("names the About page in Spanish, and shows the clinic's own text as it wrote it", async () => {
      mockFetch({
        'GET /api/clinic': () => json(filledClinicProfileFactory({ about: 'We care for teeth.' })),
      });
      renderAt(<AboutRoute />, { path: '/about' });
      expect(
        await screen.findByRole('heading', { name: 'Acerca de Smile Studio' }),
      ).toBeInTheDocument();
      expect(screen.getByText('We care for teeth.')).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Quiénes somos - Doctors Portal'));
    });

    it("translates the spec's 'This is about' while the clinic has written nothing", async () => {
      mockFetch({ 'GET /api/clinic': () => json(clinicProfileFactory()) });
      renderAt(<AboutRoute />, { path: '/about' });
      expect(
        screen.getByRole('heading', { name: 'Esta es la página Quiénes somos' }),
      ).toBeInTheDocument();
    });

    it("shows the contact page's heading, line and form in Spanish", async () => {
      mockFetch({ 'GET /api/clinic': () => json(clinicProfileFactory()) });
      renderAt(<ContactRoute />, { path: '/contact' });
      expect(screen.getByRole('heading', { name: 'Contacto' })).toBeInTheDocument();
      expect(screen.getByText('Manténgase en contacto con nosotros')).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Contacto - Doctors Portal'));
    });

    it('says in Spanish that the clinic has not published a privacy policy', async () => {
      mockFetch({ 'GET /api/clinic': () => json(clinicProfileFactory()) });
      renderAt(<PrivacyRoute />, { path: '/privacy' });
      expect(screen.getByRole('heading', { name: 'Política de privacidad' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Cargando la política de privacidad…');
      expect(
        await screen.findByText('La clínica todavía no ha publicado una política de privacidad.'),
      ).toBeInTheDocument();
    });

    it('writes the average, the dates and the buttons of the reviews in Spanish', async () => {
      mockFetch({
        'GET /api/reviews': () =>
          json(
            publicReviewsPageFactory({
              items: publicReviewsFactory(2),
              average: 4.6,
              count: 1200,
              nextCursor: 'c2',
            }),
          ),
      });
      renderAt(<ReviewsRoute />, { path: '/reviews' });
      expect(await screen.findByText('4,6 de 5 en 1200 opiniones')).toBeInTheDocument();
      expect(screen.getAllByText('14 jun 2030')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
    });

    it('offers to try again in Spanish when the reviews cannot be had', async () => {
      mockFetch({
        'GET /api/reviews': () =>
          problem(500, 'Something went wrong on our side. Please try again.'),
      });
      renderAt(<ReviewsRoute />, { path: '/reviews' });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Se ha producido un error por nuestra parte. Inténtelo de nuevo.',
      );
      expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    });
  });

  it('reads English byte for byte by default', async () => {
    mockFetch({ 'GET /api/clinic': () => json(clinicProfileFactory()) });
    renderAt(<ContactRoute />, { path: '/contact' });
    expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByText('Stay connected with us')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Contact Us - Doctors Portal'));
  });
});
