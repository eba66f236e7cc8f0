import { describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { infoCardTitles, staticServiceNames, texts } from '@clinic/shared';
import { filledClinicProfileFactory } from '../test/clinic-factories.ts';
import { json, mockFetch, patient, renderRoutes } from '../test/utils.tsx';
import { routes } from './routes.tsx';

function signedOut() {
  return mockFetch({ 'GET /api/me': () => json({ user: null }) });
}

describe('home page', () => {
  it('has exactly one h1 and every marketing section in the spec words', async () => {
    signedOut();
    renderRoutes(routes, { initialEntries: ['/'] });

    expect(
      await screen.findByRole('heading', { level: 1, name: texts.heroTitle }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const title of [
      texts.servicesTitle,
      texts.ctaTitle,
      texts.testimonialsTitle,
      texts.contactTitle,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(texts.contactSubtitle)).toBeInTheDocument();
    for (const title of [...Object.values(infoCardTitles), ...staticServiceNames]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    const getStarted = screen.getAllByRole('link', { name: texts.getStarted });
    expect(getStarted).toHaveLength(2);
    for (const link of getStarted) expect(link).toHaveAttribute('href', '/appointment');

    // The contact form, composed into the home page's contact section.
    expect(await screen.findByLabelText('Subject')).toBeInTheDocument();
    // Set in an effect after the page renders: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('Doctors Portal - Exceptional Dental Care, on Your Terms'));
  });

  it('shows three testimonial cards with name, location and photo', async () => {
    signedOut();
    renderRoutes(routes, { initialEntries: ['/'] });

    const section = (
      await screen.findByRole('heading', { name: texts.testimonialsTitle })
    ).closest('section')!;
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(within(card).getByRole('img')).toHaveAttribute('alt');
    expect(within(section).getByRole('list')).toHaveClass('grid-cols-1', 'md:grid-cols-2', 'lg:grid-cols-3');
  });

  it('gives every image a size and alt text, and lazy-loads those below the fold', async () => {
    signedOut();
    const { container } = renderRoutes(routes, { initialEntries: ['/'] });
    await screen.findByRole('heading', { level: 1 });

    const images = [...container.querySelectorAll('img')];
    expect(images.length).toBeGreaterThanOrEqual(9);
    for (const image of images) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      expect(image.hasAttribute('alt')).toBe(true);
    }
    const [hero, ...rest] = images;
    expect(hero).not.toHaveAttribute('loading');
    for (const image of rest) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('decoding', 'async');
    }
  });

  it('opens the picked day on /appointment, through /login for a signed-out visitor', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 5, 10, 9, 0));
    const user = userEvent.setup();
    signedOut();
    const { router } = renderRoutes(routes, { initialEntries: ['/'] });

    const day = await screen.findByRole('button', { name: /June 15th, 2030/ });
    await user.click(day);

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/appointment?date=2030-06-15' });
  });
});

describe('other pages', () => {
  it('/about shows only its text', async () => {
    signedOut();
    renderRoutes(routes, { initialEntries: ['/about'] });
    expect(await screen.findByRole('heading', { name: texts.about })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('About - Doctors Portal'));
  });

  it("/privacy and /terms show the clinic's texts, reached from the footer once written", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: null }),
      'GET /api/clinic': () => json(filledClinicProfileFactory()),
    });
    renderRoutes(routes, { initialEntries: ['/about'] });

    await user.click(await screen.findByRole('link', { name: 'Privacy policy' }));
    expect(await screen.findByText('We keep your data safe.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Privacy policy - Doctors Portal'));
    await user.click(screen.getByRole('link', { name: 'Terms of use' }));
    expect(await screen.findByText('Be on time.')).toBeInTheDocument();
  });

  it('/contact shows the clinic\'s phone and email once set', async () => {
    mockFetch({
      'GET /api/me': () => json({ user: null }),
      'GET /api/clinic': () => json(filledClinicProfileFactory({ name: '' })),
    });
    renderRoutes(routes, { initialEntries: ['/contact'] });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: '+49 30 1234567' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'hello@smile.test' })).toBeInTheDocument();
  });

  it('/reviews shows the testimonials', async () => {
    signedOut();
    renderRoutes(routes, { initialEntries: ['/reviews'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: texts.testimonialsTitle }),
    ).toBeInTheDocument();
  });

  it('/contact has the contact form', async () => {
    signedOut();
    renderRoutes(routes, { initialEntries: ['/contact'] });
    expect(await screen.findByRole('heading', { level: 1, name: texts.contactTitle })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email Address')).toHaveAttribute('type', 'email');
  });

  it('an unknown route shows Page not found with a link home', async () => {
    signedOut();
    renderRoutes(routes, { initialEntries: ['/no-such-page'] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('/dashboard is shown to a signed-in user', async () => {
    mockFetch({ 'GET /api/me': () => json({ user: patient }) });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });
    expect(
      await screen.findByRole('heading', { name: texts.dashboardWelcome }),
    ).toBeInTheDocument();
  });

  it('a navbar link replaces the page shown (client-side navigation)', async () => {
    const user = userEvent.setup();
    signedOut();
    renderRoutes(routes, { initialEntries: ['/about'] });
    await screen.findByRole('heading', { name: texts.about });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getAllByRole('link', { name: 'Contact Us' })[0]!);

    expect(
      await screen.findByRole('heading', { level: 1, name: texts.contactTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: texts.about })).not.toBeInTheDocument();
  });

  it('signing out on a guarded page goes home, not to /login', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', 'token-123');
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => json([]),
      'POST /api/auth/sign-out': () => json({ success: true }),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard'] });
    await screen.findByRole('heading', { name: texts.dashboardWelcome });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getAllByRole('button', { name: 'Sign Out' })[0]!);

    expect(
      await screen.findByRole('heading', { level: 1, name: texts.heroTitle }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('every page has a landmark structure: header, nav, main, footer', async () => {
    signedOut();
    renderRoutes(routes, { initialEntries: ['/about'] });
    await screen.findByRole('heading', { name: texts.about });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
