// The raw material of the demo directory: category tree, name parts, text
// fragments. Kept apart from demo.ts so the generator reads as logic.

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  attributes: string[];
  subs: [slug: string, name: string][];
}

export const demoCategories: DemoCategory[] = [
  { slug: 'developer-tools', name: 'Developer Tools', description: 'Tools that help software teams build, test and ship.', attributes: ['Open source', 'Self-hostable', 'CLI'], subs: [['code-review', 'Code Review'], ['ci-cd', 'CI/CD'], ['api-tools', 'API Tools'], ['debugging', 'Debugging']] },
  { slug: 'productivity', name: 'Productivity', description: 'Apps for getting work done with less friction.', attributes: ['Offline mode', 'Mobile app', 'Integrations'], subs: [['note-taking', 'Note Taking'], ['task-management', 'Task Management'], ['calendars', 'Calendars']] },
  { slug: 'marketing', name: 'Marketing', description: 'Reach, convert and keep customers.', attributes: ['Free plan', 'Analytics', 'A/B testing'], subs: [['email-marketing', 'Email Marketing'], ['seo-tools', 'SEO Tools'], ['social-media', 'Social Media']] },
  { slug: 'design', name: 'Design', description: 'Design, prototyping and creative tools.', attributes: ['Collaboration', 'Templates', 'Figma plugin'], subs: [['prototyping', 'Prototyping'], ['illustration', 'Illustration'], ['design-systems', 'Design Systems']] },
  { slug: 'artificial-intelligence', name: 'Artificial Intelligence', description: 'Products built on machine learning and language models.', attributes: ['API', 'Bring your own model', 'On-premise'], subs: [['ai-writing', 'AI Writing'], ['ai-agents', 'AI Agents'], ['computer-vision', 'Computer Vision'], ['speech', 'Speech']] },
  { slug: 'analytics', name: 'Analytics', description: 'Understand users, products and revenue.', attributes: ['Privacy-friendly', 'Real-time', 'Self-hostable'], subs: [['web-analytics', 'Web Analytics'], ['product-analytics', 'Product Analytics']] },
  { slug: 'finance', name: 'Finance', description: 'Money tools for people and companies.', attributes: ['Multi-currency', 'Bank sync', 'Invoices'], subs: [['invoicing', 'Invoicing'], ['accounting', 'Accounting'], ['personal-finance', 'Personal Finance']] },
  { slug: 'sales', name: 'Sales', description: 'Find, win and manage customers.', attributes: ['CRM sync', 'Email sequences', 'Free plan'], subs: [['crm', 'CRM'], ['lead-generation', 'Lead Generation']] },
  { slug: 'customer-support', name: 'Customer Support', description: 'Help desks, chat and knowledge bases.', attributes: ['Live chat', 'Knowledge base', 'AI replies'], subs: [['help-desk', 'Help Desk'], ['live-chat', 'Live Chat']] },
  { slug: 'education', name: 'Education', description: 'Learning and teaching, online.', attributes: ['Certificates', 'Mobile app', 'Free plan'], subs: [['online-courses', 'Online Courses'], ['language-learning', 'Language Learning'], ['tutoring', 'Tutoring']] },
  { slug: 'health-fitness', name: 'Health & Fitness', description: 'Apps for body and mind.', attributes: ['Wearable sync', 'Coaching', 'Mobile app'], subs: [['fitness-tracking', 'Fitness Tracking'], ['mental-health', 'Mental Health']] },
  { slug: 'ecommerce', name: 'E-commerce', description: 'Sell online, from storefronts to fulfilment.', attributes: ['Shopify app', 'Multi-currency', 'Subscriptions'], subs: [['storefronts', 'Storefronts'], ['payments', 'Payments'], ['shipping', 'Shipping']] },
  { slug: 'communication', name: 'Communication', description: 'Chat, video and async collaboration.', attributes: ['End-to-end encryption', 'Video', 'Integrations'], subs: [['team-chat', 'Team Chat'], ['video-meetings', 'Video Meetings']] },
  { slug: 'security', name: 'Security', description: 'Protect accounts, code and infrastructure.', attributes: ['SOC 2', 'Open source', 'SSO'], subs: [['password-managers', 'Password Managers'], ['vulnerability-scanning', 'Vulnerability Scanning']] },
  { slug: 'no-code', name: 'No-Code', description: 'Build apps, sites and automations without code.', attributes: ['Templates', 'Integrations', 'Free plan'], subs: [['website-builders', 'Website Builders'], ['automation', 'Automation'], ['internal-tools', 'Internal Tools']] },
  { slug: 'hr-recruiting', name: 'HR & Recruiting', description: 'Hire, onboard and pay people.', attributes: ['Applicant tracking', 'Payroll', 'Integrations'], subs: [['hiring', 'Hiring'], ['payroll', 'Payroll']] },
  { slug: 'writing', name: 'Writing', description: 'Tools for writers, editors and publishers.', attributes: ['Grammar checks', 'Publishing', 'Collaboration'], subs: [['editors', 'Editors'], ['newsletters', 'Newsletters']] },
  { slug: 'photo-video', name: 'Photo & Video', description: 'Create and edit images and video.', attributes: ['AI editing', 'Cloud storage', 'Mobile app'], subs: [['video-editing', 'Video Editing'], ['photo-editing', 'Photo Editing'], ['streaming', 'Streaming']] },
  { slug: 'travel', name: 'Travel', description: 'Plan, book and enjoy trips.', attributes: ['Offline maps', 'Group planning', 'Price alerts'], subs: [['trip-planning', 'Trip Planning'], ['bookings', 'Bookings']] },
  { slug: 'open-source', name: 'Open Source', description: 'Open-source projects with a product behind them.', attributes: ['License', 'Self-hostable', 'Hosted option'], subs: [['infrastructure', 'Infrastructure'], ['databases', 'Databases']] },
  { slug: 'hardware', name: 'Hardware', description: 'Physical products and the software around them.', attributes: ['Ships worldwide', 'Open hardware', 'Companion app'], subs: [['smart-home', 'Smart Home'], ['wearables', 'Wearables']] },
  { slug: 'gaming', name: 'Gaming', description: 'Games and tools for players and studios.', attributes: ['Multiplayer', 'Cross-platform', 'Mod support'], subs: [['indie-games', 'Indie Games'], ['game-dev-tools', 'Game Dev Tools']] },
];

export const namePrefixes = [
  'Flow', 'Beam', 'Pixel', 'Quill', 'Nimbus', 'Orbit', 'Spark', 'Ledger', 'Harbor', 'Atlas', 'Kite', 'Lumen', 'Cobalt', 'Maple',
  'Echo', 'Prism', 'Relay', 'Summit', 'Tidal', 'Vector', 'Willow', 'Zephyr', 'Anchor', 'Bloom', 'Cinder', 'Delta', 'Ember', 'Fable',
  'Grove', 'Helix', 'Iris', 'Juno', 'Koala', 'Lark', 'Mosaic', 'Nova', 'Onyx', 'Pilot', 'Quarry', 'Raven',
];
export const nameSuffixes = ['ly', 'hub', 'kit', 'base', 'stack', 'desk', 'board', 'works', 'lab', 'able', 'io', 'ify'];

export const productNouns = ['workspace', 'assistant', 'dashboard', 'platform', 'toolkit', 'app', 'service', 'studio', 'engine', 'tracker'];
export const audiences = ['indie makers', 'small teams', 'agencies', 'developers', 'designers', 'founders', 'remote teams', 'students', 'creators', 'shop owners'];
export const benefits = [
  'ship faster', 'stay organised', 'save hours every week', 'understand their customers', 'cut costs', 'work from anywhere',
  'automate the boring parts', 'make better decisions', 'grow revenue', 'keep data private',
];
export const featureIdeas = [
  'Real-time collaboration', 'One-click import', 'Keyboard shortcuts everywhere', 'Granular permissions', 'Audit log', 'Webhooks',
  'Public API', 'Dark mode', 'Offline support', 'Custom domains', 'Slack integration', 'CSV export', 'Single sign-on', 'Templates gallery',
  'Scheduled reports', 'Mobile apps', 'Two-factor authentication', 'Version history',
];
export const stages = ['idea', 'pre-launch', 'beta', 'launched', 'growing', 'profitable'];
export const pricingModels = ['free', 'freemium', 'paid', 'subscription', 'one-time', 'open-source'];
export const countries = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'SE', 'CA', 'IN', 'BR', 'AU', 'PL', 'PT', 'IE', 'EE'];
export const cities: Record<string, string> = {
  US: 'San Francisco', GB: 'London', DE: 'Berlin', FR: 'Paris', NL: 'Amsterdam', ES: 'Barcelona', IT: 'Milan', SE: 'Stockholm',
  CA: 'Toronto', IN: 'Bengaluru', BR: 'São Paulo', AU: 'Sydney', PL: 'Warsaw', PT: 'Lisbon', IE: 'Dublin', EE: 'Tallinn',
};
export const firstNames = [
  'Ada', 'Ben', 'Chloe', 'Diego', 'Elif', 'Farah', 'Gustav', 'Hana', 'Ivan', 'Jade', 'Kenji', 'Lena', 'Marco', 'Nora', 'Omar', 'Priya',
  'Quentin', 'Rosa', 'Sven', 'Tara', 'Umar', 'Vera', 'Wei', 'Ximena', 'Yusuf', 'Zoe',
];
export const lastNames = [
  'Andersen', 'Baker', 'Costa', 'Dubois', 'Eriksson', 'Fischer', 'García', 'Hughes', 'Ito', 'Jansen', 'Kowalski', 'Lopez', 'Moreau',
  'Nakamura', 'Okafor', 'Patel', 'Rossi', 'Schmidt', 'Tanaka', 'Varga', 'Walsh', 'Yilmaz',
];
export const founderTitles = ['Founder', 'Co-founder & CEO', 'Co-founder & CTO', 'Founder & designer', 'Solo founder', 'Co-founder'];
export const reviewBodies = [
  'Replaced two tools for us. Setup took ten minutes.',
  'Solid product, a few rough edges in the settings screen.',
  'The team answers support emails within the hour. Impressive.',
  'Exactly what I needed for my side project.',
  'Good value for the price; I wish the mobile app had feature parity.',
  'We rolled it out to the whole company last month and nobody wants to go back.',
  'Does one thing and does it well.',
];
export const updateTitles = ['New: public API', 'We just shipped dark mode', 'Pricing update', 'Now available on mobile', 'Our first 1,000 users', 'Integrations are here'];
export const milestoneTitles = ['Started building', 'Private beta', 'First paying customer', 'Public launch', '100 customers', 'Raised a pre-seed round'];

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

export const blogTopics = [
  'How to prepare for launch day',
  'Writing a tagline people remember',
  'What we learned from 1,000 launches',
  'Free vs paid launches: which one fits you',
  'Choosing the right category for your product',
  'Getting your first 100 users',
  'How our leaderboards are computed',
  'Adding the launch badge to your site',
  'Using Launchboard from an AI assistant',
  'The founder story that gets read',
  'Launching an open-source project',
  'Pricing pages that convert',
];

export const demoProducts = [
  { key: 'launch', name: 'Paid launch', description: 'Launch in the week you choose, or live at once, skipping the free queue.', price_cents: 4900, needs_listing: 1, position: 1 },
  { key: 'featured', name: 'Featured week', description: 'A featured spot on the home page and in the newsletter for one week.', price_cents: 9900, needs_listing: 1, position: 2 },
  { key: 'premium-profile', name: 'Premium profile', description: 'Unlocks the founder story, milestones and interview sections.', price_cents: 2900, needs_listing: 1, position: 3 },
  { key: 'billboard', name: 'Billboard', description: 'A place on the billboard leaderboard; the amount you pay sets your rank.', price_cents: 1000, needs_listing: 1, position: 4 },
];
