/** Runs the stand-in Google for Playwright: OIDC_PORT, and the app's callback URL. */
import { createOidcProvider } from './oidc-provider.ts';

const port = Number(process.env.OIDC_PORT ?? 3109);
const appUrl = process.env.APP_URL ?? 'http://127.0.0.1:3108';
const provider = createOidcProvider(`http://127.0.0.1:${port}`, [`${appUrl}/api/auth/callback/google`]);
provider.listen(port, '127.0.0.1');
console.log(`OIDC provider at http://127.0.0.1:${port}`);
