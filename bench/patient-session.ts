/**
 * A patient signed in as the web app keeps one (the session cookie and the access token in
 * localStorage), in Playwright's storage-state shape: for the benches that open signed-in pages.
 */
export async function signedInPatient(base: string) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bundle Bench', email, password: 'bundle-bench-password' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookies = signUp.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const issued = await fetch(`${base}/api/user/${email}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: base, cookie: cookies.join('; ') },
    body: JSON.stringify({ email }),
  });
  if (!issued.ok) throw new Error(`token failed: ${issued.status} ${await issued.text()}`);
  const { token } = (await issued.json()) as { token: string };
  const { hostname } = new URL(base);
  return {
    cookies: cookies.map((pair) => {
      const at = pair.indexOf('=');
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        domain: hostname,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax' as const,
        expires: -1,
        secure: false,
      };
    }),
    origins: [{ origin: base, localStorage: [{ name: 'accessToken', value: token }] }],
  };
}
