import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, problem } from '../test/utils.tsx';
import { api, apiBlob, ApiError } from './api-client.ts';

describe('api client', () => {
  it('calls /api with JSON and the stored bearer token', async () => {
    localStorage.setItem('accessToken', 'token-123');
    const { calls } = mockFetch({ 'POST /api/contact': () => json({ success: true, _id: 'x' }) });

    await expect(api.post('/contact', { a: 1 })).resolves.toEqual({ success: true, _id: 'x' });

    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('sends a FormData upload as it is, with the bearer token and no JSON content type', async () => {
    localStorage.setItem('accessToken', 'token-123');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, data: { url: '/api/image/1' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const form = new FormData();
    form.append('image', new Blob(['png'], { type: 'image/png' }), 'photo.png');

    await expect(api.post('/image', form)).resolves.toEqual({ success: true, data: { url: '/api/image/1' } });

    const init = fetchSpy.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch({ 'GET /api/me': () => json({ user: null }) });
    await api.get('/me');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('turns problem+json into an ApiError with status, code, detail and field errors', async () => {
    mockFetch({
      'POST /api/contact': () =>
        problem(400, 'Invalid input', {
          code: 'validation_failed',
          errors: { email: ['Provide a valid Email'] },
        }),
    });

    const error = await api.post('/contact', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      detail: 'Invalid input',
      message: 'Invalid input',
      errors: { email: ['Provide a valid Email'] },
      isClientError: true,
    });
  });

  it('keeps the whole body of a problem that carries more than the problem fields', async () => {
    const booking = {
      date: '2030-06-05',
      slot: '08.00 AM - 08.30 AM',
      treatment: 'Teeth Cleaning',
    };
    mockFetch({
      'POST /api/booking': () =>
        problem(409, 'You already have Teeth Cleaning', { success: false, booking }),
    });

    const error = await api.post('/booking', {}).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 409, body: { success: false, booking } });
  });

  it('keeps the status of a non-JSON failure', async () => {
    mockFetch({ 'GET /api/me': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await api.get('/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, isClientError: false });
  });

  it("sends a caller's extra headers, such as If-Match, beside the bearer token", async () => {
    localStorage.setItem('accessToken', 'token-123');
    const { calls } = mockFetch({ 'POST /api/booking/b1/reschedule': () => json({ ok: true }) });

    await api.post('/booking/b1/reschedule', { slot: 'x' }, { 'If-Match': '"v3"' });

    expect(calls[0]?.headers.get('If-Match')).toBe('"v3"');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('fetches a file as a Blob with the bearer token, and a refusal as an ApiError', async () => {
    localStorage.setItem('accessToken', 'token-123');
    const { calls } = mockFetch({
      'GET /api/booking/b1/ics': () =>
        new Response('BEGIN:VCALENDAR', { headers: { 'content-type': 'text/calendar' } }),
      'GET /api/booking/b2/ics': () => problem(404, 'There is no such booking.'),
    });

    const blob = await apiBlob('/booking/b1/ics', 'text/calendar');

    expect(await blob.text()).toBe('BEGIN:VCALENDAR');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(calls[0]?.headers.get('Accept')).toBe('text/calendar, application/problem+json');
    await expect(apiBlob('/booking/b2/ics')).rejects.toMatchObject({
      status: 404,
      message: 'There is no such booking.',
    });
  });
});
