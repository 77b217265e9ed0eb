import { createHash } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import { canonicalJson } from '../../src/domain/mcp/read-tools';
import type { OpenApiArtifact } from '../../src/domain/audit/artifacts';
import { isOpenApiDocument, readApiDescription } from '../../src/domain/audit/parse/openapi';
import type { OutboundResponse } from '../../src/net';
import { isOk, type SiteReader } from './site-reader';

export const COMMON_OPENAPI_PATHS = ['/openapi.json', '/openapi.yaml', '/swagger.json', '/api/openapi.json', '/v1/openapi.json', '/docs/openapi.json'];
/** Declared descriptions tried (API catalog, Link headers, homepage, llms.txt, docs), deduplicated. */
const MAX_DECLARED = 6;
/** Operation summaries kept: what the API does, in its own words, for the product's expansion. */
const MAX_SUMMARIES = 60;
/** Descriptions kept for comparison are at most this large as canonical JSON (larger ones are only scored). */
export const MAX_KEPT_OPENAPI_BYTES = 2 * 1024 * 1024;

/** Stores a description by its hash (the audit's activity writes it to openapi_documents). */
export type KeepOpenApi = (hash: string, document: Record<string, unknown>, bytes: number) => Promise<void>;

/**
 * Finds an OpenAPI description where it is declared (wherever it lives, whatever its extension or media
 * type), else at common paths; reads it as JSON or YAML, then validates it.
 */
export async function gatherOpenApi(site: SiteReader, declared: string[], keep?: KeepOpenApi): Promise<OpenApiArtifact> {
  const named = [...new Set(declared)].slice(0, MAX_DECLARED);
  for (const candidate of [...new Set([...named, ...COMMON_OPENAPI_PATHS.map((p) => site.url(p))])]) {
    let res: OutboundResponse;
    try {
      res = await site.get(candidate, {
        headers: {
          accept: 'application/vnd.oai.openapi+json, application/json, application/vnd.oai.openapi;q=0.9, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.1',
        },
      });
    } catch {
      continue; // a broken candidate is not the description; try the next
    }
    if (!isOk(res)) continue;
    const read = readApiDescription(res.text());
    if (!read || !isOpenApiDocument(read.doc)) continue;
    const artifact = await validate(res.url, read.doc, read.format, named.includes(candidate));
    return keep ? { ...artifact, ...(await kept(read.doc, keep)) } : artifact;
  }
  return { found: false, valid: false, operations: 0, errors: [] };
}

/** The description's hash once it is stored; nothing when it is too large to keep. */
async function kept(doc: Record<string, unknown>, keep: KeepOpenApi): Promise<{ hash?: string }> {
  const text = canonicalJson(doc);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_KEPT_OPENAPI_BYTES) return {};
  const hash = createHash('sha256').update(text).digest('hex');
  await keep(hash, doc, bytes);
  return { hash };
}

async function validate(url: string, doc: Record<string, unknown>, format: 'json' | 'yaml', declared: boolean): Promise<OpenApiArtifact> {
  const info = (doc.info ?? {}) as { title?: string; description?: string };
  const tags = Array.isArray(doc.tags) ? (doc.tags as Array<{ name?: unknown }>).map((t) => t?.name).filter((n): n is string => typeof n === 'string') : [];
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
  const operations = Object.values(paths).reduce(
    (n, item) => n + Object.keys(item ?? {}).filter((m) => /^(get|put|post|delete|patch|options|head|trace)$/.test(m)).length,
    0,
  );
  const summaries = Object.values(paths)
    .flatMap((item) => Object.values(item ?? {}))
    .map((op) => (op && typeof op === 'object' ? (op as { summary?: unknown }).summary : undefined))
    .filter((s): s is string => typeof s === 'string' && !!s.trim())
    .slice(0, MAX_SUMMARIES)
    .map((s) => s.slice(0, 200));
  const base = {
    found: true,
    url,
    format,
    declared,
    version: String(doc.openapi ?? doc.swagger),
    title: info.title,
    ...(typeof info.description === 'string' ? { description: info.description.slice(0, 500) } : {}),
    ...(tags.length ? { tags: tags.slice(0, 40) } : {}),
    ...(summaries.length ? { operationSummaries: summaries } : {}),
    operations,
  };
  try {
    // External $refs are not followed: that would be a fetch around the outbound guard.
    await SwaggerParser.validate(structuredClone(doc) as never, { resolve: { external: false } });
    return { ...base, valid: true, errors: [] };
  } catch (err) {
    return {
      ...base,
      valid: false,
      errors: [
        String((err as Error).message)
          .split('\n')[0]
          .slice(0, 300),
      ],
    };
  }
}
