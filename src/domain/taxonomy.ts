/**
 * The one category taxonomy of the registry. Seeds map their sources' own categories onto it, and
 * products found later (audits, discovery) are classified by the same keyword rules.
 */
export interface Category {
  slug: string;
  name: string;
  description: string;
  /** Lower-case words or phrases that mark a product as belonging here (matched on word boundaries). */
  keywords: string[];
}

export const CATEGORIES: Category[] = [
  { slug: 'ai-models', name: 'AI models & LLM APIs', description: 'Hosted large language, vision and embedding models and inference platforms.', keywords: ['llm', 'large language model', 'language model', 'gpt', 'inference', 'embedding', 'embeddings', 'generative ai', 'foundation model', 'chatbot', 'machine learning', 'ml model', 'model api', 'text generation', 'image generation', 'computer vision'] },
  { slug: 'ai-agents', name: 'AI agents & agent tooling', description: 'Frameworks, sandboxes and platforms for building and running AI agents.', keywords: ['agent', 'agents', 'agentic', 'mcp', 'model context protocol', 'rag', 'retrieval augmented', 'copilot', 'ai assistant', 'sandbox'] },
  { slug: 'speech-audio', name: 'Speech & audio AI', description: 'Speech-to-text, text-to-speech, voice cloning and audio intelligence APIs.', keywords: ['speech', 'text to speech', 'text-to-speech', 'speech to text', 'transcription', 'transcribe', 'voice ai', 'tts', 'asr', 'audio'] },
  { slug: 'vector-databases', name: 'Vector databases', description: 'Databases and indexes for embeddings and similarity search.', keywords: ['vector database', 'vector db', 'vector search', 'similarity search', 'embeddings store', 'vectors', 'semantic search'] },
  { slug: 'databases', name: 'Databases & data platforms', description: 'SQL and NoSQL databases, caches, warehouses and backend-as-a-service.', keywords: ['database', 'databases', 'postgres', 'postgresql', 'mysql', 'sql', 'nosql', 'redis', 'cache', 'key-value', 'data warehouse', 'serverless database', 'backend as a service', 'mongodb', 'sqlite'] },
  { slug: 'search', name: 'Search APIs & engines', description: 'Site search, web search APIs and search engines.', keywords: ['search api', 'search engine', 'web search', 'full-text search', 'site search', 'serp', 'search results', 'search'] },
  { slug: 'web-scraping', name: 'Scraping, crawling & browsers', description: 'Web scraping, crawling, proxies and headless browser infrastructure.', keywords: ['scrape', 'scraping', 'scraper', 'crawl', 'crawler', 'crawling', 'headless browser', 'browser automation', 'proxy', 'proxies', 'web data extraction', 'puppeteer', 'playwright'] },
  { slug: 'payments', name: 'Payments & billing', description: 'Payment processing, subscriptions, invoicing and usage billing.', keywords: ['payment', 'payments', 'checkout', 'billing', 'subscription', 'subscriptions', 'invoice', 'invoicing', 'card processing', 'merchant', 'payouts', 'payment gateway'] },
  { slug: 'email', name: 'Email delivery', description: 'Transactional and marketing email sending, inbound parsing and validation.', keywords: ['email', 'emails', 'e-mail', 'smtp', 'transactional email', 'inbox', 'mailbox', 'newsletter', 'email validation', 'email verification'] },
  { slug: 'messaging', name: 'SMS, voice & messaging', description: 'SMS, voice calls, WhatsApp, push notifications and in-app messaging.', keywords: ['sms', 'text message', 'voice call', 'phone number', 'telephony', 'whatsapp', 'push notification', 'push notifications', 'notifications', 'messaging', 'otp', 'mms', 'phone'] },
  { slug: 'auth', name: 'Authentication & identity', description: 'Sign-in, user management, SSO, OAuth and authorization.', keywords: ['authentication', 'auth', 'login', 'sign in', 'sso', 'single sign-on', 'oauth', 'identity', 'user management', 'passwordless', 'mfa', 'authorization', 'permissions', 'passkeys'] },
  { slug: 'storage-media', name: 'Storage, images & video', description: 'Object and file storage, image and video processing, media delivery.', keywords: ['storage', 'object storage', 'file storage', 'file upload', 'upload', 'image', 'images', 'video', 'videos', 'media', 'cdn', 'photo', 'photos', 'streaming video', 'file sharing'] },
  { slug: 'observability', name: 'Observability & monitoring', description: 'Error tracking, logs, metrics, tracing, uptime and incident response.', keywords: ['monitoring', 'observability', 'logging', 'logs', 'metrics', 'tracing', 'apm', 'error tracking', 'uptime', 'incident', 'alerting', 'on-call', 'status page'] },
  { slug: 'analytics', name: 'Product & web analytics', description: 'Product analytics, web analytics, event pipelines and BI.', keywords: ['analytics', 'product analytics', 'web analytics', 'dashboards', 'business intelligence', 'bi', 'events tracking', 'data analytics', 'reporting', 'session replay', 'a/b testing', 'experimentation'] },
  { slug: 'ci-cd', name: 'CI/CD & build', description: 'Continuous integration, delivery, build and release automation.', keywords: ['continuous integration', 'ci/cd', 'ci', 'cd', 'build pipeline', 'deployment pipeline', 'release', 'build system', 'continuous delivery'] },
  { slug: 'hosting', name: 'Cloud hosting & deployment', description: 'Cloud platforms, serverless, edge and app hosting.', keywords: ['hosting', 'cloud', 'serverless', 'deploy', 'deployment', 'edge', 'kubernetes', 'containers', 'infrastructure', 'paas', 'iaas', 'vps', 'compute', 'gpu cloud'] },
  { slug: 'maps-location', name: 'Maps, geocoding & location', description: 'Maps, geocoding, routing, IP geolocation and places data.', keywords: ['map', 'maps', 'geocoding', 'geocode', 'geolocation', 'location', 'routing', 'places', 'gis', 'address', 'ip lookup', 'coordinates', 'navigation'] },
  { slug: 'crm-sales', name: 'CRM, sales & support', description: 'CRM, sales engagement, customer support and help desks.', keywords: ['crm', 'sales', 'customer support', 'help desk', 'helpdesk', 'ticketing', 'customer service', 'leads', 'customer success', 'live chat'] },
  { slug: 'docs', name: 'Documentation & knowledge', description: 'Documentation platforms, API docs, wikis and knowledge bases.', keywords: ['documentation', 'docs', 'api docs', 'knowledge base', 'wiki', 'developer portal', 'technical writing'] },
  { slug: 'developer-tools', name: 'Developer tools', description: 'Source control, API tooling, IDEs, testing, package registries and SDK tooling.', keywords: ['developer', 'developers', 'api', 'sdk', 'git', 'code', 'coding', 'ide', 'testing', 'debugging', 'open source', 'programming', 'devtools', 'code review', 'package registry', 'api testing', 'framework', 'library'] },
  { slug: 'automation', name: 'Workflow automation & integrations', description: 'iPaaS, workflow automation, durable execution and integration platforms.', keywords: ['automation', 'automate', 'workflow', 'workflows', 'integration', 'integrations', 'ipaas', 'zapier', 'no-code', 'low-code', 'orchestration', 'webhooks', 'durable execution', 'job queue', 'cron'] },
  { slug: 'productivity', name: 'Productivity & collaboration', description: 'Docs, notes, project management, calendars and office suites.', keywords: ['productivity', 'project management', 'task', 'tasks', 'todo', 'calendar', 'notes', 'collaboration', 'spreadsheet', 'forms', 'scheduling', 'documents', 'pdf'] },
  { slug: 'communication', name: 'Team chat & video', description: 'Team messaging, chat, video conferencing and real-time communication.', keywords: ['chat', 'team chat', 'video conferencing', 'meetings', 'video call', 'real-time', 'realtime', 'webrtc', 'slack', 'collaboration chat'] },
  { slug: 'ecommerce', name: 'E-commerce', description: 'Online stores, product catalogues, carts, shipping and fulfilment.', keywords: ['ecommerce', 'e-commerce', 'shop', 'shopping', 'store', 'cart', 'products catalog', 'retail', 'shipping', 'fulfillment', 'marketplace', 'inventory'] },
  { slug: 'marketing', name: 'Marketing & growth', description: 'Marketing automation, ads, SEO, social media and customer engagement.', keywords: ['marketing', 'seo', 'advertising', 'ads', 'social media', 'campaigns', 'growth', 'engagement', 'content marketing', 'url shortener', 'affiliate'] },
  { slug: 'finance', name: 'Finance, banking & accounting', description: 'Banking data, accounting, market data, currency and crypto APIs.', keywords: ['finance', 'financial', 'banking', 'bank', 'accounting', 'stock', 'stocks', 'market data', 'currency', 'exchange rate', 'crypto', 'cryptocurrency', 'blockchain', 'trading', 'tax', 'fintech'] },
  { slug: 'security', name: 'Security & compliance', description: 'Application security, secrets, vulnerability scanning, fraud and compliance.', keywords: ['security', 'vulnerability', 'secrets', 'encryption', 'malware', 'fraud', 'compliance', 'firewall', 'threat', 'phishing', 'privacy', 'soc 2', 'penetration'] },
  { slug: 'open-data', name: 'Open & public data', description: 'Public datasets and APIs: weather, government, science, health, transport, sports.', keywords: ['open data', 'government', 'weather', 'science', 'health', 'transport', 'transportation', 'sports', 'public data', 'dataset', 'datasets', 'environment', 'space', 'nasa', 'calendar holidays', 'books', 'food', 'animals', 'jobs', 'vehicle', 'news'] },
  { slug: 'media-entertainment', name: 'Media, entertainment & games', description: 'Music, movies, games, anime, comics and entertainment data.', keywords: ['music', 'movie', 'movies', 'games', 'gaming', 'anime', 'comics', 'entertainment', 'tv', 'podcast', 'podcasts', 'video games'] },
  { slug: 'design', name: 'Design & creative', description: 'Design tools, assets, fonts, colours, icons and creative workflows.', keywords: ['design', 'designer', 'ui design', 'prototyping', 'icons', 'fonts', 'colors', 'illustration', 'art', 'creative', 'figma'] },
  { slug: 'cms', name: 'Content management', description: 'Headless CMS, website builders and content platforms.', keywords: ['cms', 'headless cms', 'content management', 'website builder', 'blog', 'content platform', 'publishing'] },
  { slug: 'language', name: 'Translation & language', description: 'Translation, dictionaries, text analysis and natural language processing.', keywords: ['translation', 'translate', 'dictionary', 'language detection', 'nlp', 'natural language', 'text analysis', 'sentiment', 'grammar', 'localization'] },
];

export const CATEGORY_SLUGS = new Set(CATEGORIES.map((c) => c.slug));

const MATCHERS = CATEGORIES.map((c) => ({
  slug: c.slug,
  patterns: c.keywords.map((k) => new RegExp(`(^|[^a-z0-9])${k.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[^a-z0-9])`)),
}));

/**
 * Categories suggested by the words of a name and description, best first. `hint` (a category already
 * known from a source) wins ties and is returned when the text says nothing clearer.
 */
export function classifyCategories(text: string, hint?: string, max = 2): string[] {
  const lower = ` ${text.toLowerCase()} `;
  const scored = MATCHERS.map((m) => ({
    slug: m.slug,
    score: m.patterns.reduce((n, p) => n + (p.test(lower) ? 1 : 0), 0) + (m.slug === hint ? 0.5 : 0),
  }))
    // "developer-tools" matches almost any API description; prefer anything more specific.
    .map((s) => (s.slug === 'developer-tools' && s.slug !== hint ? { ...s, score: s.score * 0.5 } : s))
    .filter((s) => s.score >= 1)
    .sort((a, b) => b.score - a.score || a.slug.localeCompare(b.slug));
  const picked = scored.slice(0, max).map((s) => s.slug);
  if (hint && CATEGORY_SLUGS.has(hint) && !picked.includes(hint)) {
    return picked.length ? [...picked.slice(0, max - 1), hint] : [hint];
  }
  return picked.length ? picked : ['developer-tools'];
}
