import assert from 'node:assert/strict';
import { describeListings, type Listing, siteName } from '../../src/domain/seed-listings';

const api = (name: string, description: string): Listing => ({ kind: 'api', name, description });
const site = (name: string, description: string): Listing => ({ kind: 'site', name, description });

describe('seed listings: a product named and described from what the sources list for its domain', () => {
  const cases: Array<{ why: string; domain: string; listings: Listing[]; name: string; description: string }> = [
    {
      why: 'one listing speaks for itself',
      domain: 'kitsu.docs.apiary.io',
      listings: [api('Kitsu', 'Anime discovery platform')],
      name: 'Kitsu',
      description: 'Anime discovery platform',
    },
    {
      why: "a maker's unrelated APIs: named by the domain, each API's offer named (not one's name over the other's text)",
      domain: 'starfile.org',
      listings: [
        api('Clinical Trials Directory', 'Every clinical trial registered with ClinicalTrials.gov, indexed by condition and sponsor'),
        api('FAA N-Number Registry', 'Every FAA-registered civil aircraft in the United States, lookup by N-number or Mode S hex code'),
      ],
      name: 'starfile.org',
      description:
        'Clinical Trials Directory: Every clinical trial registered with ClinicalTrials.gov, indexed by condition and sponsor; ' +
        'FAA N-Number Registry: Every FAA-registered civil aircraft in the United States, lookup by N-number or Mode S hex code',
    },
    {
      why: "a platform's APIs sharing a leading word: named by it",
      domain: 'hirak.site',
      listings: [api('Hirak Exchange Rates', 'Exchange rates between currencies.'), api('Hirak OCR', 'Image to text')],
      name: 'Hirak',
      description: 'Hirak Exchange Rates: Exchange rates between currencies; Hirak OCR: Image to text',
    },
    {
      why: 'shared words end before a little word',
      domain: 'tenders.guru',
      listings: [api('Tenders in Hungary', 'Procurements in Hungary'), api('Tenders in Poland', 'Procurements in Poland')],
      name: 'Tenders',
      description: 'Tenders in Hungary: Procurements in Hungary; Tenders in Poland: Procurements in Poland',
    },
    {
      why: 'words joined by a dot share their first word too',
      domain: 'yandex.com',
      listings: [api('Yandex.Maps Geocoder', 'Coordinates from an address'), api('Yandex.Weather', 'Weather in a place')],
      name: 'Yandex',
      description: 'Yandex.Maps Geocoder: Coordinates from an address; Yandex.Weather: Weather in a place',
    },
    {
      why: 'the API named after the domain names the maker',
      domain: 'ip2location.com',
      listings: [api('IP2Location', 'IP geolocation web service'), api('IP2Proxy', 'Detect proxy and VPN using IP address')],
      name: 'IP2Location',
      description: 'IP2Location: IP geolocation web service; IP2Proxy: Detect proxy and VPN using IP address',
    },
    {
      why: 'the same offer listed twice is said once, unnamed',
      domain: 'ipstack.com',
      listings: [api('IPstack', 'Locate visitors by IP address'), api('ipstack', 'Locate visitors by IP address')],
      name: 'IPstack',
      description: 'Locate visitors by IP address',
    },
    {
      why: "several APIs and the maker's site: the site's words first",
      domain: 'edamam.com',
      listings: [
        site('Edamam', 'Food and nutrition data for developers'),
        api('Edamam nutrition', 'Nutrition Analysis'),
        api('Edamam recipes', 'Recipe Search'),
      ],
      name: 'Edamam',
      description: 'Food and nutrition data for developers; Edamam nutrition: Nutrition Analysis; Edamam recipes: Recipe Search',
    },
    {
      why: 'one product, its docs site and its home page: the site named after the domain speaks',
      domain: 'raycast.com',
      listings: [site('Introduction', 'Start building your perfect tools with the Raycast API.'), site('Raycast', 'An extendable launcher.')],
      name: 'Raycast',
      description: 'An extendable launcher.',
    },
    {
      why: 'one product as a site and an API: the name after the domain, the substantial description',
      domain: 'etherscan.io',
      listings: [
        site('Ethereum (ETH) Blockchain Explorer', 'Etherscan allows you to explore the Ethereum blockchain'),
        api('Etherscan', 'Ethereum explorer API'),
      ],
      name: 'Etherscan',
      description: 'Etherscan allows you to explore the Ethereum blockchain',
    },
    {
      why: 'a site listed by a page title lends no name: the domain names it',
      domain: 'agentskills.io',
      listings: [site('', 'A simple, open format for giving agents new capabilities')],
      name: 'agentskills.io',
      description: 'A simple, open format for giving agents new capabilities',
    },
    {
      why: 'a listing without a description lends its name only',
      domain: 'example.dev',
      listings: [site('Example', ''), site('Example Docs', 'Docs for the Example API')],
      name: 'Example',
      description: 'Docs for the Example API',
    },
  ];
  for (const c of cases) {
    it(c.why, () => {
      assert.deepEqual(describeListings(c.domain, c.listings), { name: c.name, description: c.description });
    });
  }
});

describe('seed listings: a site named from its page title', () => {
  const cases: Array<[title: string, name: string]> = [
    ['Paddle Developer Docs', 'Paddle'],
    ['Stripe | Payments infrastructure', 'Stripe'],
    ['Home • Angular', 'Angular'],
    ['Welcome to HTMLHint', 'HTMLHint'],
    ['Overview', ''],
    ['Home Page', ''],
    ['AI', ''],
    ['K', ''],
    ['X-Ray Tracing', 'X-Ray Tracing'],
  ];
  for (const [title, name] of cases) {
    it(`"${title}" → ${name ? `"${name}"` : 'no name'}`, () => assert.equal(siteName(title), name));
  }
});
