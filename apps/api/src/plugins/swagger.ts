import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { listNullInNullableEnums } from './openapi-nullable-enums.js';

/** OpenAPI document at /api/docs/json, browsable at /api/docs. Built from the routes' zod schemas. */
export async function registerSwagger(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rudy streaming API',
        description:
          'White-label sports streaming API. Send the API key as `api_key` in the query (GET, DELETE) ' +
          'or JSON body (POST), or as the `X-Api-Key` header. Get one from POST /api/get_api_key.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
      security: [{ apiKeyQuery: [] }, { apiKeyHeader: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? listNullInNullableEnums(document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
