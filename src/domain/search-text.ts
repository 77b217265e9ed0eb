/**
 * Normalises free text for registry search: lower-case text for trigram and prefix matching, and up to
 * twelve [a-z0-9] words, which are safe to place inside a to_tsquery expression.
 */
export function parseSearchText(query: string): { text: string; words: string[] } {
  const text = query.toLowerCase().replace(/\s+/g, ' ').trim();
  return { text, words: (text.match(/[a-z0-9]+/g) ?? []).slice(0, 12) };
}
