/** What names a plan: a short heading that is not a section title, with its badges ("Most popular") cut off. */
export const CLASS_HEADING = /(^|[\s_-])(plan|tier|package|pricing|product|card|price)[-_]*(name|title|heading|header)([\s_-]|$)/i;
// Section headings of a pricing page, not plan names.
const SECTION_HEADING =
  /(?<!\p{L})(pricing|prices|plans|preise|preisübersicht|tarifs|compare|comparison|faq|frequently asked|questions|features|vergleich|fragen|comparer|comparatif)(?!\p{L})/iu;
const BADGES =
  /(?<!\p{L})(most popular|popular|recommended|best value|best deal|beliebtest(e|er)?|am beliebtesten|empfohlen|populaire|recommandé|le plus populaire)(?!\p{L})/giu;

export function isPlanName(text: string): boolean {
  return text.length > 0 && text.length <= 60 && !text.endsWith('?') && !SECTION_HEADING.test(text);
}

export function planName(text: string): string {
  return text.replace(BADGES, '').replace(/\s+/g, ' ').trim() || text;
}
