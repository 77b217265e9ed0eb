/** Quoting the page: a quote the renderer produced, found in the page's stored text and given as the page writes it. */
import { plain } from './render';

/**
 * Finds a quote in the page's stored text regardless of how whitespace fell there (the crawler may break lines where
 * this renderer did not), and returns that text with whitespace collapsed, so a reader finds it in the page.
 */
export class Verbatim {
  private readonly compact: string;
  private readonly positions: number[] = [];

  constructor(private readonly text: string) {
    const chars: string[] = [];
    for (let i = 0; i < text.length; i++) {
      if (/\s/.test(text[i])) continue;
      chars.push(text[i]);
      this.positions.push(i);
    }
    this.compact = chars.join('');
  }

  /** The first candidate found in the page, as the page writes it; the last candidate when none is. */
  quote(candidates: string[]): string {
    for (const c of candidates) {
      const needle = c.replace(/\s+/g, '');
      const at = needle ? this.compact.indexOf(needle) : -1;
      if (at >= 0) {
        return this.text
          .slice(this.positions[at], this.positions[at + needle.length - 1] + 1)
          .replace(/\s+/g, ' ')
          .trim();
      }
    }
    return plain(candidates[candidates.length - 1] ?? '');
  }
}
