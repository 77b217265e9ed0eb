import type { Context } from 'koa';
import type { AppDeps } from '../app';
import { defineRoute, type RouteDef } from '../http/route';
import {
  AuditReportSchema,
  CategoryDetailSchema,
  CategoryListSchema,
  CategoryQuerySchema,
  CompareBodySchema,
  CompareResultSchema,
  RegistryQuerySchema,
  RegistryRowSchema,
  SearchBodySchema,
  SlugParamsSchema,
  DEFAULT_LIMIT,
} from '../schemas/registry';
import { z } from '../schemas/zod';
import { renderReadinessBadge } from '../services/badge';
import { registryService } from '../services/registry';
import { ResponseCache } from '../http/response-cache';

// Open reads may be cached briefly by clients and CDNs; ETag/If-None-Match makes revalidation cheap.
const cacheable = (ctx: Context, seconds = 60) => ctx.set('Cache-Control', `public, max-age=${seconds}`);

export function registryRoutes(deps: AppDeps, cache: ResponseCache): RouteDef[] {
  const registry = registryService(deps.db);
  return [
    defineRoute({
      method: 'get',
      path: '/v1/registry',
      tag: 'Registry',
      summary: 'List products by readiness, highest first',
      auth: 'open',
      request: { query: RegistryQuerySchema },
      responses: { 200: { description: 'Registry rows', schema: z.array(RegistryRowSchema) } },
      handler: async ({ query }, ctx) => {
        cacheable(ctx);
        await cache.sendJson(ctx, ResponseCache.keyOf(ctx), () => registry.list(query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/profile/{slug}',
      tag: 'Registry',
      summary: 'A product profile: scores, signals and findings',
      auth: 'open',
      request: { params: SlugParamsSchema },
      responses: { 200: { description: 'AuditReport', schema: AuditReportSchema } },
      handler: async ({ params }, ctx) => {
        cacheable(ctx);
        await cache.sendJson(ctx, ResponseCache.keyOf(ctx), () => registry.profile(params.slug));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/categories',
      tag: 'Registry',
      summary: 'All categories with product counts, by name',
      auth: 'open',
      responses: { 200: { description: 'Categories', schema: CategoryListSchema } },
      handler: async (_input, ctx) => {
        cacheable(ctx, 300);
        await cache.sendJson(ctx, ResponseCache.keyOf(ctx), () => registry.categories());
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/categories/{slug}',
      tag: 'Registry',
      summary: 'One category with its products by readiness',
      auth: 'open',
      request: { params: SlugParamsSchema, query: CategoryQuerySchema },
      responses: { 200: { description: 'Category and products', schema: CategoryDetailSchema } },
      handler: async ({ params, query }, ctx) => {
        cacheable(ctx);
        await cache.sendJson(ctx, ResponseCache.keyOf(ctx), () => registry.category(params.slug, query.limit));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/search',
      tag: 'Registry',
      summary: 'Free-text search over name, slug, description and categories; requirements drop products',
      auth: 'open',
      request: { body: SearchBodySchema },
      responses: { 200: { description: 'Registry rows by relevance, then readiness', schema: z.array(RegistryRowSchema) } },
      handler: async ({ body }, ctx) => {
        const limit = body.limit ?? DEFAULT_LIMIT;
        const key = `search:${JSON.stringify([body.query.toLowerCase(), body.requirements ?? {}, limit])}`;
        await cache.sendJson(ctx, key, () => registry.search(body.query, body.requirements, limit));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/compare',
      tag: 'Registry',
      summary: 'Compare 2 to 10 products side by side',
      auth: 'open',
      request: { body: CompareBodySchema },
      responses: { 200: { description: 'Compare result', schema: CompareResultSchema } },
      handler: ({ body }) => registry.compare(body.slugs),
    }),
    defineRoute({
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
    }),
  ];
}
