import { getDomain } from 'tldts';

export type AuditTarget = { kind: 'slug'; slug: string } | { kind: 'host'; host: string } | { kind: 'invalid'; reason: string };

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * What GET /v1/audit?domain= names: a registry slug, a bare domain or a URL (its host is taken). Hosts
 * collapse to the registrable domain without "www." (docs.stripe.com audits stripe.com), the unit the
 * registry keys products by. IP literals pass through for the network guard to judge.
 */
export function parseAuditTarget(input: string): AuditTarget {
  const raw = input.trim().toLowerCase();
  if (!raw) return { kind: 'invalid', reason: 'is empty' };
  // A slug has a letter; digits alone (2130706433) are an IPv4 address in another notation.
  if (SLUG.test(raw) && /[a-z]/.test(raw) && !/^0x[0-9a-f]+$/.test(raw) && raw !== 'localhost') return { kind: 'slug', slug: raw };
  let host: string;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(raw) ? raw : `http://${raw}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'invalid', reason: 'must be an http(s) URL or a domain' };
    if (!/^[a-z][a-z0-9+.-]*:\/\//.test(raw) && (url.pathname !== '/' || url.search || url.username))
      return { kind: 'invalid', reason: 'must be a domain, a URL or a registry slug' };
    host = url.hostname.replace(/\.$/, '');
  } catch {
    return { kind: 'invalid', reason: 'is not a valid domain or URL' };
  }
  if (host.startsWith('[') || /^\d+(\.\d+){0,3}$/.test(host) || /^0x/i.test(host) || host === 'localhost' || host.endsWith('.localhost'))
    return { kind: 'host', host };
  if (!/^[a-z0-9.-]+$/.test(host) || !host.includes('.') || host.split('.').some((l) => !l || l.length > 63 || l.startsWith('-') || l.endsWith('-'))) {
    return { kind: 'invalid', reason: 'is not a valid domain' };
  }
  const registrable = getDomain(host, { allowPrivateDomains: true }) ?? host;
  return { kind: 'host', host: registrable.replace(/^www\./, '') };
}
