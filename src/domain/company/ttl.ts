const DAY = 86_400;

/** Time to live of each company answer (issue 12): a cached answer is served, and billed, like a fresh one. */
export const COMPANY_TTL_SECONDS = { company: 7 * DAY, pricing: DAY, research: 7 * DAY } as const;

export type CachedKind = keyof typeof COMPANY_TTL_SECONDS;
