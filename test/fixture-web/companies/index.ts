import type { SiteHandler } from '../respond';
import { DEVELOPER_SITES } from './developer';
import { HOLDOUT_SITES } from './holdout';
import { MARKETING_SITES } from './marketing';
import { ODD_SITES } from './oddities';
import { REGIONAL_SITES } from './regional';
import { SPA_SITES } from './spa';

/**
 * Fictional software companies with known facts, prices and answers (test/quality/company-truth.json, and a blind holdout in company-holdout.json), written
 * the way real vendors write their sites, to grade the company extractors without them being written to the sites.
 */
export const COMPANY_SITES: Record<string, SiteHandler> = {
  ...MARKETING_SITES,
  ...DEVELOPER_SITES,
  ...REGIONAL_SITES,
  ...ODD_SITES,
  ...SPA_SITES,
  // The blind holdout (test/quality/company-holdout.json): not for tuning.
  ...HOLDOUT_SITES,
};
