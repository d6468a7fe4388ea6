// The raw material of the demo directory: the category tree, how products in
// each category are priced, the people (names by country, the jobs founders
// had before), and the sentences a listing's attributes and pricing read as.
// The products themselves are in demo-products.ts, what people write in
// demo-talk.ts, the blog in demo-blog.ts; demo.ts composes them.

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  /** What belongs here, in a sentence: the answer to the category's first FAQ. */
  scope: string;
  attributes: string[];
  subs: [slug: string, name: string, description: string][];
  /** Pricing models with weights ("freemium:4 subscription:3"). */
  pricing: string;
  /** What founders in this space did before ("a backend engineer"). */
  roles: string[];
}

const SOFTWARE_PRICING = 'freemium:7 subscription:6 free:1 one-time:1 usage-based:2 pay-what-you-want:1';

export const demoCategories: DemoCategory[] = [
  {
    slug: 'developer-tools',
    name: 'Developer Tools',
    description: 'Tools that help software teams build, test and ship.',
    scope:
      'Anything a developer uses to write, review, test, ship or debug code: editors and CLIs, CI, API tooling and observability.',
    attributes: ['Open source', 'Self-hostable', 'CLI'],
    subs: [
      ['code-review', 'Code Review', 'Tools that make pull requests quicker to review and kinder to read.'],
      ['ci-cd', 'CI/CD', 'Build, test and deploy pipelines, preview environments and release tooling.'],
      ['api-tools', 'API Tools', 'Clients, mocks, gateways and docs for people who build and use APIs.'],
      ['debugging', 'Debugging', 'Logs, traces, profilers and error tracking: finding out what went wrong.'],
    ],
    pricing: 'freemium:6 subscription:4 free:2 usage-based:3 one-time:1',
    roles: ['a backend engineer', 'a site reliability engineer', 'an engineering manager', 'a developer advocate'],
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description: 'Apps for getting work done with less friction.',
    scope:
      'Note-taking apps, task managers and calendar tools: anything that helps people plan and get their own work done.',
    attributes: ['Offline mode', 'Mobile app', 'Integrations'],
    subs: [
      ['note-taking', 'Note Taking', 'Apps for capturing ideas, meeting notes and everything you read.'],
      ['task-management', 'Task Management', 'To-do lists, boards and checklists for people and small teams.'],
      ['calendars', 'Calendars', 'Scheduling, booking pages and calendars that plan your time with you.'],
    ],
    pricing: SOFTWARE_PRICING,
    roles: ['a product manager', 'a management consultant', 'an iOS developer', 'a project manager'],
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    description: 'Reach, convert and keep customers.',
    scope:
      'Tools for email, search and social marketing: getting found, getting read and turning readers into customers.',
    attributes: ['Free plan', 'Analytics', 'A/B testing'],
    subs: [
      ['email-marketing', 'Email Marketing', 'Newsletters, campaigns and automated emails that reach the inbox.'],
      ['seo-tools', 'SEO Tools', 'Audits, rank tracking and research for showing up in search.'],
      ['social-media', 'Social Media', 'Scheduling, listening and inbox tools for social networks.'],
    ],
    pricing: 'freemium:6 subscription:6 free:1 usage-based:1',
    roles: ['a growth marketer', 'an SEO consultant', 'a marketing agency owner', 'a content lead'],
  },
  {
    slug: 'design',
    name: 'Design',
    description: 'Design, prototyping and creative tools.',
    scope:
      'Tools for designers: prototyping and testing, illustration, colour and type, and the systems that keep a product consistent.',
    attributes: ['Collaboration', 'Templates', 'Figma plugin'],
    subs: [
      ['prototyping', 'Prototyping', 'Clickable prototypes, wireframes and ways to test them with people.'],
      ['illustration', 'Illustration', 'Drawing, icons, patterns and colour for illustrators and designers.'],
      ['design-systems', 'Design Systems', 'Tokens, component docs and checks that keep a product consistent.'],
    ],
    pricing: 'freemium:6 subscription:4 one-time:3 free:1 pay-what-you-want:1',
    roles: ['a product designer', 'a freelance illustrator', 'a design systems lead', 'a front-end developer'],
  },
  {
    slug: 'artificial-intelligence',
    name: 'Artificial Intelligence',
    description: 'Products built on machine learning and language models.',
    scope:
      'Products where a model does the main work: writing, agents that act for you, seeing images and understanding speech.',
    attributes: ['API', 'Bring your own model', 'On-premise'],
    subs: [
      ['ai-writing', 'AI Writing', 'Drafting, rewriting and checking text with a language model.'],
      ['ai-agents', 'AI Agents', 'Agents that carry out multi-step work in your tools, with you in the loop.'],
      ['computer-vision', 'Computer Vision', 'Models that read photos, video and documents.'],
      ['speech', 'Speech', 'Transcription, dictation, voices and captions.'],
    ],
    pricing: 'usage-based:6 subscription:5 freemium:5 contact sales:1',
    roles: ['a machine learning engineer', 'a data scientist', 'a research engineer', 'a product manager'],
  },
  {
    slug: 'analytics',
    name: 'Analytics',
    description: 'Understand users, products and revenue.',
    scope: 'Website and product analytics: who visits, what they do, and what makes them stay and pay.',
    attributes: ['Privacy-friendly', 'Real-time', 'Self-hostable'],
    subs: [
      ['web-analytics', 'Web Analytics', 'Traffic, referrers, heatmaps and campaign tracking for websites.'],
      ['product-analytics', 'Product Analytics', 'Funnels, retention, surveys and experiments inside your product.'],
    ],
    pricing: 'subscription:6 freemium:5 usage-based:3 free:1',
    roles: ['a data engineer', 'a growth analyst', 'a backend engineer', 'a product manager'],
  },
  {
    slug: 'finance',
    name: 'Finance',
    description: 'Money tools for people and companies.',
    scope: 'Invoicing, accounting and personal finance: sending bills, keeping books and knowing where money goes.',
    attributes: ['Multi-currency', 'Bank sync', 'Invoices'],
    subs: [
      ['invoicing', 'Invoicing', 'Quotes, invoices and getting paid on time.'],
      ['accounting', 'Accounting', 'Bookkeeping, month-end close, expenses and cash forecasts.'],
      ['personal-finance', 'Personal Finance', 'Budgets, savings and net worth for individuals and families.'],
    ],
    pricing: 'subscription:7 freemium:6 free:1 one-time:1',
    roles: ['an accountant', 'a finance manager at a startup', 'a fintech engineer', 'a freelance bookkeeper'],
  },
  {
    slug: 'sales',
    name: 'Sales',
    description: 'Find, win and manage customers.',
    scope: 'CRMs and prospecting tools: finding the right people, keeping track of conversations and closing deals.',
    attributes: ['CRM sync', 'Email sequences', 'Free plan'],
    subs: [
      ['crm', 'CRM', 'Contact and deal management for teams of every size.'],
      ['lead-generation', 'Lead Generation', 'Finding prospects, warm introductions and capturing leads.'],
    ],
    pricing: 'subscription:7 freemium:5 usage-based:2 contact sales:1',
    roles: ['an account executive', 'a head of sales', 'a sales engineer', 'a founder of a services business'],
  },
  {
    slug: 'customer-support',
    name: 'Customer Support',
    description: 'Help desks, chat and knowledge bases.',
    scope: 'Help desks, live chat, help centres and everything else that gets customers a good answer quickly.',
    attributes: ['Live chat', 'Knowledge base', 'AI replies'],
    subs: [
      ['help-desk', 'Help Desk', 'Shared inboxes, help centres and support tooling.'],
      ['live-chat', 'Live Chat', 'Chat widgets, messaging channels and chatbots on your site.'],
    ],
    pricing: 'subscription:7 freemium:6 usage-based:1',
    roles: ['a head of support', 'a customer success manager', 'a support engineer', 'a full-stack developer'],
  },
  {
    slug: 'education',
    name: 'Education',
    description: 'Learning and teaching, online.',
    scope: 'Courses, language learning and tutoring: tools for the people who learn and the people who teach.',
    attributes: ['Certificates', 'Mobile app', 'Free plan'],
    subs: [
      ['online-courses', 'Online Courses', 'Building, selling and running courses and training.'],
      ['language-learning', 'Language Learning', 'Apps for learning and practising a new language.'],
      ['tutoring', 'Tutoring', 'Finding tutors, running lessons and practising for exams.'],
    ],
    pricing: 'freemium:7 subscription:6 one-time:1 free:1',
    roles: ['a secondary school teacher', 'a university lecturer', 'an instructional designer', 'a language teacher'],
  },
  {
    slug: 'health-fitness',
    name: 'Health & Fitness',
    description: 'Apps for body and mind.',
    scope: 'Training, tracking and mental health apps: looking after your body and your head.',
    attributes: ['Wearable sync', 'Coaching', 'Mobile app'],
    subs: [
      ['fitness-tracking', 'Fitness Tracking', 'Workout logs, training plans and recovery.'],
      ['mental-health', 'Mental Health', 'Calm, mood, sleep and finding the right support.'],
    ],
    pricing: 'freemium:7 subscription:6 one-time:1 free:1',
    roles: ['a physiotherapist', 'a personal trainer', 'a psychologist', 'a mobile developer'],
  },
  {
    slug: 'ecommerce',
    name: 'E-commerce',
    description: 'Sell online, from storefronts to fulfilment.',
    scope: 'Everything behind an online shop: the storefront and checkout, payments, and getting parcels to the door.',
    attributes: ['Shopify app', 'Multi-currency', 'Subscriptions'],
    subs: [
      ['storefronts', 'Storefronts', 'Shops, checkouts and wholesale portals.'],
      ['payments', 'Payments', 'Taking card payments, payment links, payouts and disputes.'],
      ['shipping', 'Shipping', 'Labels, tracking, customs, fulfilment and local delivery.'],
    ],
    pricing: 'subscription:6 usage-based:5 freemium:4',
    roles: ['a Shopify developer', 'an e-commerce manager', 'the owner of an online shop', 'a logistics analyst'],
  },
  {
    slug: 'communication',
    name: 'Communication',
    description: 'Chat, video and async collaboration.',
    scope: 'Team chat, voice and video: how people talk to each other at work, live or in their own time.',
    attributes: ['End-to-end encryption', 'Video', 'Integrations'],
    subs: [
      ['team-chat', 'Team Chat', 'Messaging for teams, clients and shift workers.'],
      ['video-meetings', 'Video Meetings', 'Calls, webinars, recordings and meeting notes.'],
    ],
    pricing: 'freemium:7 subscription:6 free:1',
    roles: ['a remote team lead', 'a WebRTC engineer', 'an operations manager', 'a product designer'],
  },
  {
    slug: 'security',
    name: 'Security',
    description: 'Protect accounts, code and infrastructure.',
    scope:
      'Passwords and secrets, vulnerability scanning and compliance: keeping accounts, code and infrastructure safe.',
    attributes: ['SOC 2', 'Open source', 'SSO'],
    subs: [
      ['password-managers', 'Password Managers', 'Vaults, secrets and sign-in for people, teams and apps.'],
      ['vulnerability-scanning', 'Vulnerability Scanning', 'Finding and fixing weaknesses before attackers do.'],
    ],
    pricing: 'subscription:7 freemium:5 one-time:1 contact sales:1',
    roles: ['a penetration tester', 'a security engineer', 'an IT administrator', 'a DevOps engineer'],
  },
  {
    slug: 'no-code',
    name: 'No-Code',
    description: 'Build apps, sites and automations without code.',
    scope: 'Website builders, automation and internal tools that people build without writing code.',
    attributes: ['Templates', 'Integrations', 'Free plan'],
    subs: [
      ['website-builders', 'Website Builders', 'Sites, portfolios and landing pages without a developer.'],
      ['automation', 'Automation', 'Workflows that move data between apps and do the repetitive work.'],
      ['internal-tools', 'Internal Tools', 'Admin panels, forms and dashboards for your own team.'],
    ],
    pricing: 'freemium:8 subscription:5 usage-based:2',
    roles: ['a web designer', 'an operations lead', 'a no-code consultant', 'an agency developer'],
  },
  {
    slug: 'hr-recruiting',
    name: 'HR & Recruiting',
    description: 'Hire, onboard and pay people.',
    scope: 'Hiring, onboarding, payroll and benefits: the tools behind finding, welcoming and paying a team.',
    attributes: ['Applicant tracking', 'Payroll', 'Integrations'],
    subs: [
      ['hiring', 'Hiring', 'Job posts, applicant tracking, interviews and onboarding.'],
      ['payroll', 'Payroll', 'Paying employees and contractors, equity and benefits.'],
    ],
    pricing: 'subscription:8 freemium:4 contact sales:1',
    roles: ['a recruiter', 'a head of people', 'an HR consultant', 'a payroll specialist'],
  },
  {
    slug: 'writing',
    name: 'Writing',
    description: 'Tools for writers, editors and publishers.',
    scope: 'Editors for books, scripts and docs, and the newsletters that get the writing to readers.',
    attributes: ['Grammar checks', 'Publishing', 'Collaboration'],
    subs: [
      ['editors', 'Editors', 'Writing apps for books, scripts, docs and papers.'],
      ['newsletters', 'Newsletters', 'Publishing, growing and funding a newsletter.'],
    ],
    pricing: 'freemium:6 subscription:4 one-time:3 pay-what-you-want:1',
    roles: ['a journalist', 'a book editor', 'a technical writer', 'a novelist'],
  },
  {
    slug: 'photo-video',
    name: 'Photo & Video',
    description: 'Create and edit images and video.',
    scope: 'Editing photos and video, and streaming live: tools for photographers, filmmakers and streamers.',
    attributes: ['AI editing', 'Cloud storage', 'Mobile app'],
    subs: [
      ['video-editing', 'Video Editing', 'Cutting, grading, captioning and reviewing video.'],
      ['photo-editing', 'Photo Editing', 'Editing, culling, restoring and organising photos.'],
      ['streaming', 'Streaming', 'Live shows, overlays and members-only video.'],
    ],
    pricing: 'subscription:6 freemium:5 one-time:3',
    roles: ['a video editor', 'a wedding photographer', 'a camera operator', 'a YouTuber'],
  },
  {
    slug: 'travel',
    name: 'Travel',
    description: 'Plan, book and enjoy trips.',
    scope: 'Planning and booking trips, and the tools hosts and tour operators use to take bookings.',
    attributes: ['Offline maps', 'Group planning', 'Price alerts'],
    subs: [
      ['trip-planning', 'Trip Planning', 'Itineraries, packing, journals and city guides.'],
      ['bookings', 'Bookings', 'Booking engines for hosts and operators, and fare alerts for travellers.'],
    ],
    pricing: 'freemium:7 subscription:5 free:2 one-time:1',
    roles: ['a travel writer', 'a hotel manager', 'a tour guide', 'a mobile developer'],
  },
  {
    slug: 'open-source',
    name: 'Open Source',
    description: 'Open-source projects with a product behind them.',
    scope: 'Open-source software with a product around it: infrastructure and databases you can read, run and change.',
    attributes: ['License', 'Self-hostable', 'Hosted option'],
    subs: [
      ['infrastructure', 'Infrastructure', 'Deployment, storage, queues and monitoring you run yourself.'],
      ['databases', 'Databases', 'Databases, search engines and the clients to work with them.'],
    ],
    pricing: 'free:6 freemium:4 subscription:2 pay-what-you-want:1',
    roles: [
      'a platform engineer',
      'a database engineer',
      'a long-time open-source maintainer',
      'a Linux administrator',
    ],
  },
  {
    slug: 'hardware',
    name: 'Hardware',
    description: 'Physical products and the software around them.',
    scope: 'Devices you can hold, from smart home sensors to wearables, and the apps that come with them.',
    attributes: ['Ships worldwide', 'Open hardware', 'Companion app'],
    subs: [
      ['smart-home', 'Smart Home', 'Thermostats, locks, sensors and hubs for the home.'],
      ['wearables', 'Wearables', 'Devices you wear for health, safety and getting around.'],
    ],
    pricing: 'one-time:9 subscription:1',
    roles: ['an electronics engineer', 'an industrial designer', 'an embedded developer', 'a hardware product manager'],
  },
  {
    slug: 'gaming',
    name: 'Gaming',
    description: 'Games and tools for players and studios.',
    scope: 'Games made by small studios, and the tools game developers use to make them.',
    attributes: ['Multiplayer', 'Cross-platform', 'Mod support'],
    subs: [
      ['indie-games', 'Indie Games', 'Games from small, independent studios.'],
      ['game-dev-tools', 'Game Dev Tools', 'Art, writing, testing and server tools for making games.'],
    ],
    pricing: 'one-time:6 freemium:4 subscription:2 usage-based:1 pay-what-you-want:1',
    roles: ['a game designer', 'a gameplay programmer', 'a technical artist', 'a sound designer'],
  },
];

/**
 * Words that place a product in a subcategory besides its own: a product
 * whose copy has them is listed there second (only within its category).
 */
export const subcategoryWords: Record<string, RegExp> = {
  'code-review': /pull requests?|code review/i,
  'ci-cd': /\bCI\b|deploys?\b|pipeline|release/i,
  'api-tools': /\bAPIs?\b|webhook/i,
  debugging: /debug|errors?\b|\blogs?\b|profil/i,
  'note-taking': /\bnotes?\b/i,
  'task-management': /to-do|\btasks?\b|checklist/i,
  calendars: /calendar|scheduling/i,
  'email-marketing': /\bemails?\b|newsletter/i,
  'seo-tools': /\bSEO\b|search engine|in search/i,
  'social-media': /social|TikTok|Instagram|posts\b/i,
  prototyping: /prototype|wireframe/i,
  illustration: /illustrat|drawing|\bdraw\b/i,
  'design-systems': /design system|tokens|component/i,
  'ai-writing': /\bwrites\b|drafts/i,
  'ai-agents': /\bagents?\b/i,
  'computer-vision': /photo|camera|scans?\b|image/i,
  speech: /transcri|dictat|captions|voiceovers?|voice (?:messages|memos)/i,
  'web-analytics': /visitors|traffic|page visits/i,
  'product-analytics': /funnel|retention|metrics|rollout/i,
  invoicing: /invoice/i,
  accounting: /bookkeep|accounting|\bbooks\b|expenses/i,
  'personal-finance': /budget|savings|net worth/i,
  crm: /\bCRM\b|contacts|deals?\b/i,
  'lead-generation': /\bleads?\b|prospect/i,
  'help-desk': /support|help (?:centre|articles)/i,
  'live-chat': /\bchat\b|messag/i,
  'online-courses': /\bcourses?\b|lessons/i,
  'language-learning': /language/i,
  tutoring: /tutor|one-to-one/i,
  'fitness-tracking': /workout|training plan|\brun(?:s|ners)?\b(?! anonymous)|\bsteps\b/i,
  'mental-health': /calm|mood|stress|sleep|burnout/i,
  storefronts: /storefront|\bshop\b|checkout/i,
  payments: /payments?\b|\bpay\b|payouts/i,
  shipping: /shipping|parcels?|local delivery|delivery (?:routes|zones)/i,
  'team-chat': /\bchat\b|messages/i,
  'video-meetings': /video calls?|meetings?\b|\bcalls?\b/i,
  'password-managers': /password|secrets?\b|passkey/i,
  'vulnerability-scanning': /vulnerab|security|audit/i,
  'website-builders': /website|landing page|\bsite\b/i,
  automation: /automat|workflows?|scheduled|webhooks/i,
  'internal-tools': /admin panel|internal|dashboard|data entry/i,
  hiring: /hiring|candidates?|job\b|new hires/i,
  payroll: /payroll|salar|payslips|pays\b/i,
  editors: /\beditor\b|writing app|manuscript/i,
  newsletters: /newsletter/i,
  'video-editing': /video editing|\bcuts?\b|footage|timeline/i,
  'photo-editing': /photos?\b/i,
  streaming: /\bstreams?\b|\blive\b/i,
  'trip-planning': /\btrips?\b|travel/i,
  bookings: /\bbook(?:ings?|s)?\b|reservations/i,
  infrastructure: /servers?\b|deploy|monitor/i,
  databases: /database|\bSQL/i,
  'smart-home': /smart home|thermostat|household|appliance/i,
  wearables: /wrist|\bwatch\b|\bwear/i,
  'indie-games': /\bplay(?:ers?)?\b/i,
  'game-dev-tools': /game dev|engines?\b|Unity|Godot/i,
};

/** Subcategories whose products are not software: what their copy, reviews and FAQs talk about. */
export type ProductKind = 'software' | 'hardware' | 'game';
export const subcategoryKinds: Record<string, ProductKind> = {
  'smart-home': 'hardware',
  wearables: 'hardware',
  'indie-games': 'game',
};
/** Subcategories whose products are sold to people rather than teams (no seats, no "teams pay"). */
export const consumerSubcategories = new Set([
  'personal-finance',
  'fitness-tracking',
  'mental-health',
  'language-learning',
  'tutoring',
  'trip-planning',
  'photo-editing',
  'smart-home',
  'wearables',
  'indie-games',
]);
/** Pricing that overrides the category's for a kind of product. */
export const kindPricing: Partial<Record<ProductKind, string>> = {
  game: 'one-time:8 free:1 pay-what-you-want:1',
};

export const stagesLive = 'launched:9 growing:5 beta:4 profitable:2';
export const stagesUpcoming = 'beta:3 pre-launch:2';

/** Countries people and companies are from, with weights, and a few cities each. */
export const countryWeights = 'US:7 GB:5 DE:4 FR:3 NL:2 ES:2 IT:1 SE:1 CA:2 IN:3 BR:1 AU:1 PL:1 PT:1 IE:1 EE:1';
export const cities: Record<string, string[]> = {
  US: ['San Francisco', 'New York', 'Austin', 'Seattle', 'Boston', 'Denver', 'Chicago'],
  GB: ['London', 'Manchester', 'Bristol', 'Edinburgh', 'Leeds', 'Brighton'],
  DE: ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Leipzig'],
  FR: ['Paris', 'Lyon', 'Nantes', 'Bordeaux', 'Lille'],
  NL: ['Amsterdam', 'Utrecht', 'Rotterdam', 'Eindhoven'],
  ES: ['Barcelona', 'Madrid', 'Valencia', 'Málaga'],
  IT: ['Milan', 'Turin', 'Bologna', 'Rome'],
  SE: ['Stockholm', 'Gothenburg', 'Malmö'],
  CA: ['Toronto', 'Montréal', 'Vancouver', 'Ottawa'],
  IN: ['Bengaluru', 'Mumbai', 'Pune', 'Hyderabad', 'Delhi'],
  BR: ['São Paulo', 'Rio de Janeiro', 'Florianópolis', 'Belo Horizonte'],
  AU: ['Sydney', 'Melbourne', 'Brisbane', 'Perth'],
  PL: ['Warsaw', 'Kraków', 'Wrocław', 'Gdańsk'],
  PT: ['Lisbon', 'Porto', 'Braga'],
  IE: ['Dublin', 'Cork', 'Galway'],
  EE: ['Tallinn', 'Tartu'],
};

/** First names and family names by country (comma-separated), so a person's name fits where they live. */
export const namesByCountry: Record<string, [first: string, last: string]> = {
  US: [
    'James, Maria, Michael, Jennifer, David, Aisha, Daniel, Emily, Marcus, Priya, Kevin, Rachel, Carlos, Megan, Tyler, Jasmine, Ben, Hannah',
    'Johnson, Williams, Brown, Miller, Davis, Rodriguez, Martinez, Anderson, Taylor, Moore, Jackson, Lee, Harris, Clark, Nguyen, Patel, Kim, Cohen',
  ],
  GB: [
    'Oliver, Amelia, Harry, Isla, George, Sophie, Jack, Charlotte, Tom, Freya, Sam, Hannah, Rhys, Niamh, Imran, Zara',
    'Smith, Jones, Evans, Wilson, Thompson, Wright, Walker, Roberts, Hall, Green, Khan, Hughes, Edwards, Turner, Hill, Ahmed',
  ],
  DE: [
    'Lukas, Anna, Jonas, Lea, Felix, Laura, Maximilian, Hannah, Paul, Sophie, Tobias, Julia, Katrin, Moritz',
    'Müller, Schmidt, Schneider, Fischer, Weber, Becker, Hoffmann, Wagner, Schulz, Koch, Richter, Wolf, Braun, Krüger',
  ],
  FR: [
    'Lucas, Camille, Hugo, Léa, Louis, Chloé, Arthur, Manon, Théo, Inès, Julien, Claire, Mathilde, Antoine',
    'Martin, Bernard, Dubois, Thomas, Robert, Petit, Durand, Leroy, Moreau, Laurent, Fournier, Girard, Mercier, Blanc',
  ],
  NL: [
    'Daan, Emma, Sem, Julia, Lars, Sanne, Thijs, Fleur, Bram, Lotte, Ruben, Anouk',
    'de Jong, Jansen, de Vries, van den Berg, Bakker, Visser, Smit, Meijer, de Boer, Mulder, Bos, Vos',
  ],
  ES: [
    'Pablo, Lucía, Alejandro, Carmen, Javier, Marta, Diego, Sara, Sergio, Elena, Adrián, Paula',
    'García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Gómez, Ruiz, Navarro, Ortega',
  ],
  IT: [
    'Lorenzo, Giulia, Matteo, Sofia, Alessandro, Chiara, Marco, Francesca, Luca, Martina, Davide, Elena',
    'Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Conti',
  ],
  SE: [
    'Erik, Elsa, Oscar, Maja, Axel, Ebba, Gustav, Wilma, Johan, Astrid, Nils, Ingrid',
    'Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson, Lindqvist, Berg, Holm, Lund',
  ],
  CA: [
    'Liam, Olivia, Noah, Emma, Ethan, Chloé, Mathieu, Ava, Ryan, Maya, Raj, Isabelle',
    'Tremblay, Gagnon, Roy, Côté, Smith, Brown, MacDonald, Wilson, Singh, Leblanc, Chen, Campbell',
  ],
  IN: [
    'Arjun, Ananya, Rohan, Diya, Vikram, Priya, Aditya, Sneha, Karthik, Meera, Rahul, Nisha',
    'Sharma, Iyer, Reddy, Gupta, Nair, Mehta, Rao, Kapoor, Menon, Joshi, Desai, Bose',
  ],
  BR: [
    'Gabriel, Ana, Rafael, Beatriz, Lucas, Mariana, Pedro, Camila, Thiago, Larissa, Bruno, Júlia',
    'Silva, Santos, Oliveira, Souza, Lima, Pereira, Costa, Ferreira, Almeida, Carvalho, Ribeiro, Rocha',
  ],
  AU: [
    'Jack, Chloe, William, Mia, Lachlan, Ruby, Cooper, Grace, Riley, Zoe, Mitchell, Sienna',
    "Smith, Jones, Williams, Brown, Wilson, Taylor, Nguyen, Kelly, Ryan, Murphy, O'Brien, Walsh",
  ],
  PL: [
    'Jakub, Zuzanna, Kacper, Julia, Mateusz, Maja, Piotr, Aleksandra, Tomasz, Natalia, Michał, Karolina',
    'Nowak, Wójcik, Mazur, Kaczmarek, Krawczyk, Zając, Król, Wieczorek, Pawlak, Michalak, Sikora, Baran',
  ],
  PT: [
    'Tiago, Inês, João, Beatriz, Diogo, Mariana, Rui, Carolina, Miguel, Sofia, André, Rita',
    'Silva, Santos, Ferreira, Pereira, Oliveira, Costa, Rodrigues, Martins, Sousa, Fernandes, Gonçalves, Marques',
  ],
  IE: [
    'Conor, Aoife, Seán, Ciara, Cian, Niamh, Darragh, Róisín, Eoin, Saoirse, Oisín, Clodagh',
    "Murphy, Kelly, O'Sullivan, Walsh, Byrne, Ryan, O'Connor, Doyle, McCarthy, Gallagher, Quinn, Kennedy",
  ],
  EE: [
    'Martin, Liis, Rasmus, Kadri, Karl, Triin, Markus, Kristiina, Andres, Maarja, Siim, Kertu',
    'Tamm, Saar, Sepp, Mägi, Kask, Kukk, Rebane, Ilves, Pärn, Koppel, Lepp, Vaher',
  ],
};

export const soloTitles = ['Founder', 'Founder', 'Solo founder', 'Founder & CEO', 'Maker'];
export const pairTitles: [string, string][] = [
  ['Co-founder & CEO', 'Co-founder & CTO'],
  ['Co-founder & CTO', 'Co-founder & CEO'],
  ['Co-founder', 'Co-founder'],
  ['Co-founder & designer', 'Co-founder & engineer'],
];

/**
 * What a true attribute adds to a description (a clause that can follow "and");
 * the words that, in a product's own copy, make it true; and, for attributes
 * most products in the category could have, the chance one has it anyway
 * (`odds`, unless its copy rules it out). Specific ones are true only when the
 * product's copy says so: a packing list does not get price alerts by chance.
 */
export interface AttributeCopy {
  clause: string;
  implied?: RegExp;
  odds?: number;
  excluded?: RegExp;
}

export const attributeCopy: Record<string, AttributeCopy> = {
  'Open source': { clause: 'the code is open source', implied: /open[- ]source/i, odds: 0.25 },
  'Self-hostable': {
    clause: 'you can host it on your own server',
    implied: /self-host|your own server|runs on your nas/i,
    odds: 0.25,
  },
  CLI: { clause: 'everything works from the command line too', implied: /\bCLI\b|command/i, odds: 0.3 },
  'Offline mode': {
    clause: 'it works offline',
    implied: /offline|without signal/i,
    odds: 0.2,
    excluded: /calls?\b|share|shared|family|team/i,
  },
  'Mobile app': {
    clause: 'there are apps for iOS and Android',
    implied: /phone app|mobile|iOS|Android|from your phone|on your phone/i,
    odds: 0.35,
  },
  Integrations: { clause: 'it connects to the tools you already use', implied: /sync|integration|slack/i, odds: 0.4 },
  'Free plan': { clause: 'there is a free plan' },
  Analytics: { clause: 'it reports on what is working', implied: /analytics|reports?\b/i, odds: 0.3 },
  'A/B testing': { clause: 'A/B testing is built in', implied: /A\/B/i },
  Collaboration: {
    clause: 'your whole team can work in it together',
    implied: /collaborat|comment thread/i,
    odds: 0.3,
  },
  Templates: { clause: 'it comes with templates to start from', implied: /template/i, odds: 0.3 },
  'Figma plugin': { clause: 'there is a Figma plugin', implied: /figma/i, odds: 0.15 },
  API: { clause: 'there is an API for developers', implied: /\bAPI\b|SDK/i, odds: 0.3 },
  'Bring your own model': {
    clause: 'you can plug in your own model',
    implied: /local model|your own model/i,
    odds: 0.2,
  },
  'On-premise': { clause: 'it can run on-premise', implied: /on your device|on-premise/i, odds: 0.15 },
  'Privacy-friendly': {
    clause: 'it collects no personal data',
    implied: /no cookies|privacy/i,
    odds: 0.25,
    excluded: /identif|revenue|records/i,
  },
  'Real-time': { clause: 'the numbers update in real time', implied: /live |real-time/i, odds: 0.25 },
  'Multi-currency': { clause: 'it handles any currency', implied: /currenc/i, odds: 0.3 },
  'Bank sync': { clause: 'it syncs with your bank', implied: /bank (?:sync|feeds|account)|bank transactions/i },
  Invoices: { clause: 'it can create invoices', implied: /invoice/i },
  'CRM sync': { clause: 'it syncs with your CRM', implied: /CRM/, odds: 0.3 },
  'Email sequences': { clause: 'it can send email sequences', implied: /sequence|follow-up/i },
  'Live chat': { clause: 'it includes live chat', implied: /chat/i },
  'Knowledge base': {
    clause: 'it includes a knowledge base',
    implied: /help (?:centre|articles)|knowledge/i,
    odds: 0.2,
  },
  'AI replies': {
    clause: 'AI drafts replies for your team to check',
    implied: /chatbot|answer suggestions/i,
    odds: 0.2,
  },
  Certificates: { clause: 'learners get a certificate at the end', implied: /certificate/i, odds: 0.2 },
  'Wearable sync': { clause: 'it syncs with your watch or fitness band', implied: /wearable|garmin|apple watch/i },
  Coaching: { clause: 'human coaches are on hand', implied: /coach|therapist/i },
  'Shopify app': { clause: 'there is a Shopify app', implied: /shopify/i, odds: 0.2 },
  Subscriptions: { clause: 'it supports subscriptions', implied: /subscription|recurring|weekly boxes/i },
  'End-to-end encryption': { clause: 'messages are end-to-end encrypted', implied: /encrypt/i },
  Video: { clause: 'video is built in', implied: /video/i },
  'SOC 2': { clause: 'it is SOC 2 audited', implied: /SOC 2/, odds: 0.3 },
  SSO: { clause: 'it supports single sign-on', implied: /single sign-on|\bSSO\b/i, odds: 0.3 },
  'Applicant tracking': { clause: 'it includes applicant tracking', implied: /candidate pipeline|applications/i },
  Payroll: { clause: 'it connects to your payroll', implied: /payroll/i },
  'Grammar checks': { clause: 'it checks spelling and grammar as you go', implied: /typos|grammar/i },
  Publishing: { clause: 'you can publish straight from it', implied: /publish/i },
  'AI editing': { clause: 'AI takes care of the tedious edits', implied: /automatic|learns your/i },
  'Cloud storage': {
    clause: 'your files are backed up to the cloud',
    implied: /cloud saves|archive/i,
    odds: 0.2,
    excluded: /your own storage|NAS|on your device|live/i,
  },
  'Offline maps': { clause: 'the maps work offline', implied: /offline maps|maps that work offline/i },
  'Group planning': { clause: 'groups can plan together', implied: /group/i },
  'Price alerts': { clause: 'it sends price alerts', implied: /fare alerts|seat alerts|price/i },
  License: { clause: 'it is released under a permissive licence' },
  'Hosted option': { clause: 'there is a hosted version if you would rather not run it' },
  'Ships worldwide': { clause: 'it ships worldwide', odds: 0.5 },
  'Open hardware': { clause: 'the hardware designs are open', odds: 0.2 },
  'Companion app': { clause: 'a companion app sets it up in minutes', implied: /phone|app/i },
  Multiplayer: { clause: 'you can play with friends', implied: /co-op|online play|multiplayer/i },
  'Cross-platform': {
    clause: 'it runs on every major platform',
    implied: /steam deck|phone and desktop|cross-platform/i,
    odds: 0.4,
  },
  'Mod support': { clause: 'it supports mods', implied: /mod support|level editor/i },
};

export const interviewQuestions = [
  'What does your product do, in one sentence?',
  'Who is it for?',
  'What problem made you start building it?',
  'How is it different from the alternatives?',
  'What was the hardest part of building it?',
  'How did you find your first users?',
  'What is your business model?',
  'What does your tech stack look like?',
  'What is next on your roadmap?',
  'What advice would you give other makers?',
];

export const demoProducts = [
  {
    key: 'launch',
    name: 'Paid launch',
    description: 'Launch in the week you choose, or live at once, skipping the free queue.',
    price_cents: 4900,
    needs_listing: 1,
    position: 1,
  },
  {
    key: 'featured',
    name: 'Featured week',
    description:
      'A spot in “Featured this week” on the home page for the week you choose, labelled as paid, and the Featured badge.',
    price_cents: 9900,
    needs_listing: 1,
    position: 2,
  },
  {
    key: 'premium-profile',
    name: 'Premium profile',
    description: 'Unlocks the founder story, milestones and interview sections.',
    price_cents: 2900,
    needs_listing: 1,
    position: 3,
  },
  {
    key: 'billboard',
    name: 'Billboard',
    description: 'A place on the billboard leaderboard; the amount you pay sets your rank.',
    price_cents: 1000,
    needs_listing: 1,
    position: 4,
  },
];
