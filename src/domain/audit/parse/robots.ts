import robotsParser from 'robots-parser';
import type { RobotsArtifact } from '../artifacts';
import { AI_BOTS } from '../audits/discovery';

/**
 * robots.txt per RFC 9309: 2xx rules apply; 4xx means no rules (everything allowed); 5xx means the site
 * must be treated as fully disallowed. Also reads Content-Signal lines and Sitemap references.
 */
export function parseRobots(origin: string, status: number, body: string): RobotsArtifact {
  const present = status >= 200 && status < 300;
  const rules = present ? robotsParser(`${origin}/robots.txt`, body) : undefined;
  const aiBots: Record<string, boolean> = {};
  for (const bot of AI_BOTS) {
    aiBots[bot] = status >= 500 ? false : rules ? rules.isAllowed(`${origin}/`, bot) !== false : true;
  }
  const contentSignals = present
    ? body
        .split(/\r?\n/)
        .map((l) => /^\s*content-signal\s*:\s*(.+)$/i.exec(l)?.[1]?.trim())
        .filter((v): v is string => !!v)
    : [];
  return { status, present, aiBots, contentSignals, sitemaps: rules?.getSitemaps() ?? [] };
}
