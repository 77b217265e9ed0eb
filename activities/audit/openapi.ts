import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import type { OpenApiArtifact } from '../../src/domain/audit/artifacts';
import { isOk, type SiteReader } from './site-reader';

export const COMMON_OPENAPI_PATHS = ['/openapi.json', '/openapi.yaml', '/swagger.json', '/api/openapi.json', '/v1/openapi.json', '/docs/openapi.json'];

/** Finds an OpenAPI description where it is declared, else at common paths, then parses and validates it. */
export async function gatherOpenApi(site: SiteReader, declared: string[]): Promise<OpenApiArtifact> {
  for (const candidate of [...new Set([...declared, ...COMMON_OPENAPI_PATHS.map((p) => site.url(p))])]) {
    let res;
    try {
      res = await site.get(candidate, { headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.1' } });
    } catch {
      continue; // a broken candidate is not the description; try the next
    }
    if (!isOk(res)) continue;
    const doc = parseDocument(res.text());
    if (!doc || (!('openapi' in doc) && !('swagger' in doc))) continue;
    return validate(res.url, doc);
  }
  return { found: false, valid: false, operations: 0, errors: [] };
}

function parseDocument(text: string): Record<string, unknown> | undefined {
  try {
    const doc = text.trimStart().startsWith('{') ? JSON.parse(text) : parseYaml(text);
    return doc && typeof doc === 'object' ? (doc as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function validate(url: string, doc: Record<string, unknown>): Promise<OpenApiArtifact> {
  const info = (doc.info ?? {}) as { title?: string };
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
  const operations = Object.values(paths).reduce(
    (n, item) => n + Object.keys(item ?? {}).filter((m) => /^(get|put|post|delete|patch|options|head|trace)$/.test(m)).length,
    0,
  );
  const base = { found: true, url, version: String(doc.openapi ?? doc.swagger), title: info.title, operations };
  try {
    // External $refs are not followed: that would be a fetch around the outbound guard.
    await SwaggerParser.validate(structuredClone(doc) as never, { resolve: { external: false } });
    return { ...base, valid: true, errors: [] };
  } catch (err) {
    return { ...base, valid: false, errors: [String((err as Error).message).split('\n')[0].slice(0, 300)] };
  }
}
