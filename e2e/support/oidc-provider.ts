/**
 * A local OpenID Connect provider standing in for Google in the browser suite (npm oidc-provider,
 * with its built-in login and consent pages). The login name becomes the account's email; a name
 * starting with `unverified:` gets `email_verified: false`.
 */
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { id: 'clinic-e2e', secret: 'clinic-e2e-secret-0123456789' };

export function createOidcProvider(issuer: string, redirectUris: string[]) {
  return new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['e2e-only-cookie-key-0123456789'] },
    async findAccount(_ctx, id) {
      const isUnverified = id.startsWith('unverified:');
      const email = id.replace(/^unverified:/, '').toLowerCase();
      return {
        accountId: id,
        async claims() {
          return { sub: id, email, email_verified: !isUnverified, name: `Google ${email.split('@')[0]}` };
        },
      };
    },
  });
}
