/**
 * Normalises free text for registry search: lower-case text for trigram and prefix matching, and up to
 * twelve [a-z0-9] words, which are safe to place inside a to_tsquery expression.
 */
export function parseSearchText(query: string): { text: string; words: string[] } {
  const text = query.toLowerCase().replace(/\s+/g, ' ').trim();
  return { text, words: (text.match(/[a-z0-9]+/g) ?? []).slice(0, 12) };
}

/**
 * How many typos a query word may carry, as Meilisearch counts them: none under five letters, one from
 * five, two from eight. Only words of letters are corrected: a digit makes a word an identifier or a
 * version ("gpt4", "s3"), where the nearest other word is a different thing, not a fix.
 */
export function typoBudget(word: string): number {
  if (!/^[a-z]+$/.test(word) || word.length < 5) return 0;
  return word.length >= 8 ? 2 : 1;
}

/**
 * Edit distance counting an insertion, a deletion, a substitution or a swap of two adjacent letters as
 * one edit (optimal string alignment, the Damerau-Levenshtein variant search engines use for typos).
 */
export function typoDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}
