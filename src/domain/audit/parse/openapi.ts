import { parse as parseYaml } from 'yaml';

/**
 * Recognising an OpenAPI description by what it is, not by where it lives or what it is called: a linked
 * description counts whatever its extension or media type, and is read as JSON or YAML before it is judged.
 */

export interface ApiDescriptionText {
  format: 'json' | 'yaml';
  doc: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a document as JSON when it looks like JSON (an object), else as YAML (which also takes the JSON that
 * JSON.parse refuses, such as trailing commas). Undefined when it is neither, or not a mapping (an HTML page
 * read as YAML is one long string).
 */
export function readApiDescription(text: string): ApiDescriptionText | undefined {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*</.test(body)) return undefined; // HTML or XML
  if (/^\s*\{/.test(body)) {
    try {
      const doc = JSON.parse(body) as unknown;
      return isObject(doc) ? { format: 'json', doc } : undefined;
    } catch {
      // fall through: YAML is a superset that forgives some broken JSON
    }
  }
  try {
    const doc = parseYaml(body, { maxAliasCount: 100 }) as unknown;
    return isObject(doc) ? { format: 'yaml', doc } : undefined;
  } catch {
    return undefined;
  }
}

/** An OpenAPI 3.x or Swagger 2.0 document: the version field, and an `info` or `paths` object. */
export function isOpenApiDocument(doc: Record<string, unknown>): boolean {
  // YAML reads `openapi: 3.0` and `swagger: 2.0` as numbers.
  const versioned = /^3(\.\d+)*$/.test(String(doc.openapi ?? '')) || /^2(\.0)?$/.test(String(doc.swagger ?? ''));
  return versioned && (isObject(doc.info) || isObject(doc.paths));
}

const SPEC_SITES = /(^|\.)(swagger\.io|openapis\.org|openapi-generator\.tech|redocly\.com|stoplight\.io)$/i;

/**
 * A link (from llms.txt, a docs page or the homepage) that leads to an OpenAPI description: its URL names
 * OpenAPI/Swagger, or its title does and the URL is a document rather than a page. Links to the
 * specification's own sites are not a vendor's description.
 */
export function isOpenApiLink(url: string, title = ''): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (SPEC_SITES.test(u.hostname)) return false;
  if (/(openapi|swagger)/i.test(u.pathname + u.search) && !/\.(html?|md)$/i.test(u.pathname)) return true;
  return /\b(openapi|swagger)\b/i.test(title) && (/\.(json|ya?ml)$/i.test(u.pathname) || /[?&]format=(json|ya?ml)\b/i.test(u.search));
}
