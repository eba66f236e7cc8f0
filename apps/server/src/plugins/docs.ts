/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Doctors Portal API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The UI loads only external scripts, so the app's own strict CSP (set by helmet) fits it; its
  // built-in one would add upgrade-insecure-requests and break the page on plain http.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
