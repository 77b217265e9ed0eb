import { defineRoute, type RouteDef } from '../http/route';
import { SlugParamsSchema } from '../schemas/registry';
import { z } from '../schemas/zod';
import { renderReadinessBadge } from '../services/badge';
import type { registryService } from '../services/registry';

/** The SVG readiness badge: REST alone serves images, so it is a route rather than an operation. */
export function badgeRoute(registry: ReturnType<typeof registryService>): RouteDef {
  return defineRoute({
    method: 'get',
    path: '/badge/{slug}.svg',
    tag: 'Descriptors',
    summary: 'SVG agent-readiness badge for a product',
    auth: 'open',
    request: { params: SlugParamsSchema },
    responses: { 200: { description: 'SVG badge', contentType: 'image/svg+xml', schema: z.string() } },
    handler: async ({ params }, ctx) => {
      const { readiness } = await registry.badgeScore(params.slug);
      ctx.type = 'image/svg+xml';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = await renderReadinessBadge(readiness);
    },
  });
}
