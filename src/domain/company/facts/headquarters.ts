/** The headquarters, from the prose's "based in" and the imprint's registered office, as "City, Region, Country". */
import type { Parsed } from './pages';

// A place: capitalized words, with the small words inside names such as Frankfurt am Main or Newcastle upon Tyne.
// A period ends the place ("Sitz: Hamburg. Registergericht ...") unless it abbreviates Saint, Mount or Fort (St. Louis).
const PLACE_WORD = "(?:(?:St|Mt|Ft)\\.[ \\t]*)?\\p{Lu}[\\p{L}'-]*";
const PLACE = `(${PLACE_WORD}(?:[ \\t]+(?:${PLACE_WORD}|am|an der|upon|sur|de|del)(?=[ \\t]+\\p{Lu}|[^\\p{L}]|$))*)`;
const HQ_PATTERNS = [
  'headquartered\\s+in',
  'head ?quarters?(?:\\s+(?:is|are))?\\s*(?:in|:)',
  'HQ(?:\\s+(?:is\\s+)?in|\\s*:)',
  '(?:home\\s+base|head\\s+office|main\\s+office)(?:\\s+(?:is|remains))?(?:\\s+(?:still\\s+)?(?:located\\s+)?in|\\s*:|\\s+(?=\\p{Lu}))',
  'based\\s+(?:in|out\\s+of)',
  'Hauptsitz\\s*(?:in|:)',
  'Sitz\\s+(?:der\\s+Gesellschaft\\s*:?|in|:)',
  'bas[ée]e?s?\\s+à',
  'siège(?:\\s+social)?(?:\\s+est)?\\s*(?:à|:)',
].map((t) => new RegExp(`\\b${t}`, 'giu'));
// Imprints and terms state the registered office; their other "based in"s are about servers and data.
const REGISTERED_PATTERNS = ['Sitz\\s+(?:der\\s+Gesellschaft\\s*:?|in|:)', 'registered\\s+office\\s*(?:in|:|at)', 'siège(?:\\s+social)?\\s*(?:à|:)'].map(
  (t) => new RegExp(`\\b${t}`, 'giu'),
);
// "Raleigh is still our headquarters", "Antwerp remains our head office": the place opens the sentence, the trigger follows.
const HQ_BEFORE = new RegExp(
  `(?:^|[.!?;]\\s+|\\n)${PLACE}[ \\t]+(?:is|remains)[ \\t]+(?:still[ \\t]+)?(?:our|its|the company['’]s)[ \\t]+(?:head ?quarters|HQ|head office|main office|home base)\\b`,
  'gu',
);
// "The company is registered in Montevideo": a city; a bare state or country ("registered in Delaware") is a jurisdiction, not a seat.
const REGISTERED_IN = [/\bregistered\s+in\b/giu];
// "Offices in Berlin, London and Paris" names places the company works, the first usually being home.
const OFFICE_PATTERNS = [/\boffices?\s+in\b/giu];
// Triggers are matched in any case, the place after one case-sensitively: "based in the cloud" names no place.
const PLACE_AFTER_TRIGGER = new RegExp(`^[ \\t]*${PLACE}`, 'u');

export function headquartersOf(prose: Parsed[], legal: Parsed[]): string | undefined {
  const rounds: Array<[RegExp[], Parsed[], boolean]> = [
    [HQ_PATTERNS, prose, false],
    [REGISTERED_PATTERNS, legal, false],
    [REGISTERED_IN, prose, true],
    [OFFICE_PATTERNS, prose, false],
  ];
  for (const [patterns, pages, cityOnly] of rounds) {
    for (const p of pages) {
      for (const re of patterns) {
        const place = placeAfter(p.text, re);
        if (place && !(cityOnly && knownRegions().has(place.split(',')[0]))) return place;
      }
      if (patterns === HQ_PATTERNS) {
        const before = placeBefore(p.text);
        if (before) return before;
      }
    }
  }
  return undefined;
}

function placeBefore(text: string): string | undefined {
  return [...text.matchAll(HQ_BEFORE)][0]?.[1].replace(/\.$/, '');
}

function placeAfter(text: string, trigger: RegExp): string | undefined {
  for (const m of text.matchAll(trigger)) {
    const rest = text.slice(m.index + m[0].length);
    const place = rest.match(PLACE_AFTER_TRIGGER);
    if (place) return withRegion(place[1], rest.slice(place[0].length));
  }
  return undefined;
}

let regionNames: Set<string> | undefined;

/** Country names (English, German, French), ISO codes and US states: what may follow a city after a comma. */
function knownRegions(): Set<string> {
  if (regionNames) return regionNames;
  const names = new Set(['USA', 'U.S.', 'U.S.A.', 'UK', 'U.K.', 'EU', ...US_STATES]);
  const display = ['en', 'de', 'fr'].map((l) => new Intl.DisplayNames([l], { type: 'region' }));
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      for (const d of display) {
        const name = d.of(code);
        if (name && name !== code) names.add(name).add(code);
      }
    }
  }
  regionNames = names;
  return names;
}

const US_STATES = (
  'Alabama AL Alaska AK Arizona AZ Arkansas AR California CA Colorado CO Connecticut CT Delaware DE Florida FL Georgia GA Hawaii HI Idaho ID ' +
  'Illinois IL Indiana IN Iowa IA Kansas KS Kentucky KY Louisiana LA Maine ME Maryland MD Massachusetts MA Michigan MI Minnesota MN Mississippi MS ' +
  'Missouri MO Montana MT Nebraska NE Nevada NV Ohio OH Oklahoma OK Oregon OR Pennsylvania PA Tennessee TN Texas TX Utah UT Vermont VT Virginia VA ' +
  'Washington WA Wisconsin WI Wyoming WY'
)
  .split(' ')
  .concat(['New Hampshire', 'NH', 'New Jersey', 'NJ', 'New Mexico', 'NM', 'New York', 'NY', 'North Carolina', 'NC', 'North Dakota', 'ND'])
  .concat(['Rhode Island', 'RI', 'South Carolina', 'SC', 'South Dakota', 'SD', 'West Virginia', 'WV', 'District of Columbia', 'DC']);

/**
 * "San Francisco, CA, USA" keeps its region and country; "Berlin, London and Paris" is a list, of which the first
 * place is kept. Only known regions may follow the city, so a list is never read as "City, Region".
 */
function withRegion(place: string, rest: string): string {
  const parts = [place.replace(/\.$/, '')];
  let tail = rest;
  for (let i = 0; i < 2; i++) {
    const m = tail.match(/^,[ \t]*(\p{Lu}[\p{L}.]*(?:[ \t]+\p{Lu}[\p{L}.]*)*)/u);
    const region = m?.[1].replace(/\.$/, '');
    if (!m || !region || !(knownRegions().has(region) || knownRegions().has(m[1]))) break;
    parts.push(knownRegions().has(m[1]) ? m[1] : region);
    tail = tail.slice(m[0].length);
  }
  return parts.join(', ');
}
