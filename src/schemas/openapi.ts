import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { toOpenApiRoute, type RouteDef } from '../http/route';

export const API_VERSION = '0.1.0';

/** The OpenAPI 3.0 document, generated from the very route definitions that validate requests. */
export function buildOpenApiDocument(routes: RouteDef[], publicBaseUrl: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description:
      'Workspace API key (adx_...). `Authorization: Bearer` with the key, or with an access token from POST /oauth/token, ' +
      'works too. Metered calls without a key use the anonymous trial: 8 per hour per IP.',
  });
  for (const route of routes) {
    if (route.documented !== false) registry.registerPath(toOpenApiRoute(route));
  }
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Agentdex API',
      version: API_VERSION,
      description:
        'Agentdex tells AI agents which third-party tools fit a task, how ready each is for agents, how to use them, ' +
        'what they cost and who competes with them. Errors are `{error}`; every response carries `x-request-id`.',
    },
    servers: [{ url: publicBaseUrl }],
  });
}
