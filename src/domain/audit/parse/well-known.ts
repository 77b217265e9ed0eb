import type { WellKnownArtifact } from '../artifacts';

type Validator = (doc: unknown) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each well-known document's minimum shape; the message says what is missing. */
export const WELL_KNOWN_VALIDATORS = {
  /** A2A agent card: a named agent with skills. */
  a2a: (d) => (isObject(d) && typeof d.name === 'string' && Array.isArray(d.skills) ? undefined : 'needs name and skills[]'),
  /** Agent skills index: a list of skills (array, or {skills: []}). */
  agentSkills: (d) => (Array.isArray(d) || (isObject(d) && Array.isArray(d.skills)) ? undefined : 'needs a skills list'),
  /** RFC 9727 API catalog: an RFC 9264 linkset. */
  apiCatalog: (d) => (isObject(d) && Array.isArray(d.linkset) ? undefined : 'needs a linkset array'),
  /** RFC 8414 authorization server metadata. */
  oauthAuthorizationServer: (d) =>
    isObject(d) && typeof d.issuer === 'string' && (typeof d.token_endpoint === 'string' || typeof d.authorization_endpoint === 'string')
      ? undefined
      : 'needs issuer and endpoints',
  /** RFC 9728 protected resource metadata. */
  oauthProtectedResource: (d) => (isObject(d) && typeof d.resource === 'string' ? undefined : 'needs resource'),
} satisfies Record<string, Validator>;

export function parseWellKnown(url: string, status: number, contentType: string, body: string, validate: Validator): WellKnownArtifact {
  if (status < 200 || status >= 300) return { found: false, url, valid: false };
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return { found: true, url, valid: false, detail: `not JSON (${contentType || 'no content type'})` };
  }
  const problem = validate(doc);
  return { found: true, url, valid: !problem, detail: problem };
}

/** The service-desc links of an API catalog (where its OpenAPI descriptions live). */
export function apiCatalogServiceDescs(body: string): string[] {
  try {
    const doc = JSON.parse(body) as { linkset?: Array<Record<string, Array<{ href?: string }>>> };
    return (doc.linkset ?? []).flatMap((l) => (l['service-desc'] ?? []).map((x) => x.href).filter((h): h is string => !!h));
  } catch {
    return [];
  }
}
