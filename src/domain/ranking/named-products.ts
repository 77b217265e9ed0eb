import { commonEnglish } from '../capabilities';
import { stacksOfTask } from '../stack';
import { nameKey } from './product-index';

/**
 * The products a task names ("push Stripe payouts into QuickBooks or Xero"), whether or not the registry
 * lists them. A registry product's name (up to three words, longest first: "Google Sheets", "Microsoft
 * Teams") counts when the task writes it capitalised away from the start of a sentence ("Stripe"), or
 * when none of its words is a common English word or a word of the capability vocabulary ("quickbooks";
 * not "chatbot"): "slack off" and "make a list" name nothing. A name the registry lacks counts when it is written like one: capitalised away from
 * a sentence's start or with inner capitals ("BambooHR", "Jira"), not a common English word, not an
 * acronym ("API", "PDF") and not a language or framework ("Python", "Next.js"); a capitalised word right
 * after one joins it, and a run of capitalised words is a name whatever its words ("Microsoft Teams",
 * "Google Sheet").
 */
export interface NamedProduct {
  /** The name as the task wrote it. */
  name: string;
  /** The registry products of that name (none for a product the registry lacks). */
  slots: number[];
  /** Named as what the task is about, not as a tool: "is Discord down", "Nvidia shares", "news about X". */
  topic: boolean;
}

// Words after a name that make it the subject of the question rather than the tool asked for.
const TOPIC_AFTER = /^(?:down|outage|outages|status|stock|stocks|share|shares|price|prices|news|earnings|ipo|ceo|founder|headquarters|layoffs|valuation)$/i;
// Words before a name that make it the subject.
const TOPIC_BEFORE = /^(?:about|regarding|concerning)$/i;

interface Token {
  text: string;
  /** First word of a sentence, where a capital says nothing. */
  initial: boolean;
  /** Only a space separates it from the word before (a name's words are not split by commas). */
  joined: boolean;
}

const TOKEN = /[A-Za-z0-9][A-Za-z0-9.]*[A-Za-z0-9]|[A-Za-z0-9]/g;

export function namedProducts(task: string, productsNamed: (name: string) => number[], vocabularyWord: (word: string) => boolean): NamedProduct[] {
  const tokens: Token[] = [];
  for (const sentence of task.split(/[.!?\n]+\s+|[!?\n]+/)) {
    let end = -1;
    for (const m of sentence.matchAll(TOKEN)) {
      tokens.push({ text: m[0].replace(/\.$/, ''), initial: end < 0, joined: end >= 0 && sentence.slice(end, m.index) === ' ' });
      end = m.index + m[0].length;
    }
  }
  const english = commonEnglish();
  const common = (w: Token) => english.has(w.text.toLowerCase());
  // Written in lower case, a word the vocabulary uses ("chatbot", "postgres") names a kind of thing.
  const kindOfThing = (w: Token) => common(w) || vocabularyWord(w.text.toLowerCase());
  const capitalised = (w: Token) => (/^[A-Z]/.test(w.text) && !w.initial) || /^[A-Za-z][a-z0-9]*[A-Z]/.test(w.text);
  const nameLike = (w: Token) => capitalised(w) && !/^[A-Z0-9]+s?$/.test(w.text) && !common(w) && !stacksOfTask(w.text).length && w.text.length > 2;
  const found: NamedProduct[] = [];
  const topicAt = (i: number, n: number) => TOPIC_AFTER.test(tokens[i + n]?.text ?? '') || TOPIC_BEFORE.test(tokens[i - 1]?.text ?? '');
  for (let i = 0; i < tokens.length; ) {
    let taken = 0;
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !taken; n--) {
      const words = tokens.slice(i, i + n);
      const key = nameKey(words.map((w) => w.text).join(' '));
      if (key.length < 3 || words.slice(1).some((w) => !w.joined) || !(words.some(capitalised) || words.every((w) => !kindOfThing(w)))) continue;
      const slots = productsNamed(key);
      if (!slots.length) continue;
      found.push({ name: words.map((w) => w.text).join(' '), slots, topic: topicAt(i, n) });
      taken = n;
    }
    // A run of capitalised words ("Microsoft Teams", "Google Sheet") is a name even when each is a word.
    let run = 1;
    while (i + run < tokens.length && tokens[i + run].joined && /^[A-Z]/.test(tokens[i + run].text)) run++;
    if (!taken && (nameLike(tokens[i]) || (run >= 2 && /^[A-Z]/.test(tokens[i].text) && tokens.slice(i, i + run).some((w) => !/^[A-Z0-9]+s?$/.test(w.text))))) {
      taken = run;
      found.push({
        name: tokens
          .slice(i, i + taken)
          .map((w) => w.text)
          .join(' '),
        slots: [],
        topic: topicAt(i, taken),
      });
    }
    i += taken || 1;
  }
  return found;
}
