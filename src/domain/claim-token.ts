import { randomBytes } from 'node:crypto';
import { load } from 'cheerio';

// Vendor claims (decisions.md, "Vendor claim"): the verification token, where it must be put, and the
// pure checks of what a DNS lookup or a homepage fetch found. No I/O here.

export type ClaimMethod = 'dns' | 'meta';

export const CLAIM_PREFIX = 'agentdex-verify';
/** 24 random bytes: 192 bits, 32 url-safe characters. */
const RANDOM_BYTES = 24;
/** A claim that is not verified within this long expires. */
export const CLAIM_TTL_MS = 7 * 24 * 3600_000;

/** A fresh token, `agentdex-verify=<random>` with a url-safe random part (base64url, no padding). */
export function mintClaimToken(random: Buffer = randomBytes(RANDOM_BYTES)): string {
  return `${CLAIM_PREFIX}=${random.toString('base64url')}`;
}

/** The part after `agentdex-verify=`: the meta tag's content. */
export function randomPartOf(token: string): string {
  return token.startsWith(`${CLAIM_PREFIX}=`) ? token.slice(CLAIM_PREFIX.length + 1) : token;
}

/** The meta tag a vendor puts in the homepage's head. */
export function metaTagFor(token: string): string {
  return `<meta name="${CLAIM_PREFIX}" content="${randomPartOf(token)}">`;
}

/** Exactly where the token goes, and what happens next. */
export function claimInstructions(o: { method: ClaimMethod; domain: string; slug: string; token: string; expiresAt: Date }): string {
  const next =
    `Then call POST /v1/claim/verify with {"slug":"${o.slug}"} (CLI: agentdex claim verify ${o.slug}). ` +
    `Agentdex also re-checks in the background until the claim expires at ${o.expiresAt.toISOString()}.`;
  if (o.method === 'dns') {
    return (
      `Add a DNS TXT record on the apex of ${o.domain} (the name ${o.domain} itself, often written "@"; not www or any other subdomain) ` +
      `whose value is exactly ${o.token} (the whole string, prefix included). Other TXT records may stay. ${next}`
    );
  }
  return (
    `Add ${metaTagFor(o.token)} inside the <head> of the homepage, https://${o.domain}/ (a tag in the <body> is not read; ` +
    `content may also be the whole token ${o.token}). ${next}`
  );
}

// ---------------------------------------------------------------- DNS TXT

/**
 * One TXT record's value: its character-strings concatenated with nothing between them (RFC 7208
 * §3.3, the rule SPF and every domain-verification scheme use for long values split into 255-byte strings).
 */
export function joinTxt(record: string[]): string {
  return record.join('');
}

/**
 * A value as we compare it: surrounding white space trimmed, and one pair of surrounding double quotes
 * removed (some DNS panels store the quotes people type). Nothing else is forgiven: the random part is
 * case-sensitive and a space inside the value is a different value.
 */
export function normaliseTxtValue(value: string): string {
  const trimmed = value.trim();
  const unquoted = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).trim() : trimmed;
  return unquoted;
}

export interface TxtInspection {
  matched: boolean;
  /** Number of TXT records at the name. */
  total: number;
  /** Values of the records that start with `agentdex-verify` but are not the token (an old or mistyped one). */
  otherTokens: string[];
}

/** Whether one of the TXT records (each a list of character-strings) is the token, and what else was there. */
export function inspectTxt(records: string[][], token: string): TxtInspection {
  const values = records.map((r) => normaliseTxtValue(joinTxt(r)));
  const matched = values.includes(token);
  const otherTokens = values.filter((v) => v !== token && v.toLowerCase().startsWith(CLAIM_PREFIX));
  return { matched, total: records.length, otherTokens };
}

export function txtMatches(records: string[][], token: string): boolean {
  return inspectTxt(records, token).matched;
}

// ---------------------------------------------------------------- homepage meta tag

export interface MetaInspection {
  matched: boolean;
  /** `content` of each agentdex-verify meta tag in the head. */
  inHead: string[];
  /** `content` of each agentdex-verify meta tag in the body (never accepted). */
  inBody: string[];
}

/**
 * Whether the homepage's <head> has `<meta name="agentdex-verify" content="…">` with the random part or
 * the whole token. The page is parsed as a browser would (parse5 through cheerio), so a tag the parser puts
 * in the body (after body content began) is a body tag, whatever the source looks like.
 */
export function inspectMeta(html: string, token: string): MetaInspection {
  const $ = load(html);
  const contents = (scope: string) =>
    $(`${scope} meta[name]`)
      .filter((_i, el) => ($(el).attr('name') ?? '').trim().toLowerCase() === CLAIM_PREFIX)
      .map((_i, el) => ($(el).attr('content') ?? '').trim())
      .get();
  const inHead = contents('head');
  const inBody = contents('body');
  const accepted = new Set([randomPartOf(token), token]);
  return { matched: inHead.some((c) => accepted.has(c)), inHead, inBody };
}

export function metaMatches(html: string, token: string): boolean {
  return inspectMeta(html, token).matched;
}

// ---------------------------------------------------------------- what a check says

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The check's `detail` for a TXT lookup. */
export function describeTxtCheck(domain: string, token: string, found: TxtInspection): string {
  if (found.matched) return `Found TXT record ${token} on ${domain}.`;
  const others = found.total - found.otherTokens.length;
  const seen = [
    found.otherTokens.length ? `found ${found.otherTokens.map((t) => `"${t}"`).join(', ')}, which is not this claim's token` : '',
    others ? `found ${plural(others, 'other TXT record')}` : '',
  ].filter(Boolean);
  return `No TXT record ${token} on ${domain} (${seen.length ? seen.join('; ') : 'no TXT records found'}).`;
}

/** The check's `detail` for a homepage fetch. */
export function describeMetaCheck(url: string, token: string, found: MetaInspection): string {
  const tag = metaTagFor(token);
  if (found.matched) return `Found ${tag} in the <head> of ${url}.`;
  const seen = [
    found.inHead.length ? `found agentdex-verify content ${found.inHead.map((c) => `"${c}"`).join(', ')} in the <head>, which is not this claim's token` : '',
    found.inBody.length ? `found ${plural(found.inBody.length, 'agentdex-verify tag')} in the <body>, which is not read: move it into the <head>` : '',
  ].filter(Boolean);
  return `No ${tag} in the <head> of ${url} (${seen.length ? seen.join('; ') : 'no agentdex-verify meta tag found'}).`;
}
