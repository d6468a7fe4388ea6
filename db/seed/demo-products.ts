// The products of the demo directory, six per subcategory, each written as one
// line: name | tagline | who it is for | what it does (the words after its
// name) | features (separated by ";"). demo.ts turns each line into a listing;
// names are unique across the whole directory (the seed checks it).

export const productLines: Record<string, string> = {
  'code-review': `
Nitpick | Code review comments that explain themselves | teams of five to fifty engineers | groups a pull request's changes by intent, so reviewers read the refactor apart from the change in behaviour. | Changes grouped by intent; Suggested reviewers; Review reminders in Slack; Diff of diffs after force-pushes
Second Look | A careful reviewer for every pull request | small teams without a dedicated reviewer | reads each pull request against your team's own conventions and leaves a handful of comments worth reading, not forty. | Team rules in plain English; Inline suggestions; Skips generated files; Weekly review digest
Stacked | Review big changes as small, stacked pull requests | teams shipping large features | splits a long-running branch into a stack of small pull requests that can be reviewed and merged one at a time. | Automatic restacking; One-command submit; Merge queue support; Works with GitHub and GitLab
Lintel | Keep review queues short | engineering managers | shows who is waiting on whom, how long pull requests sit before a first review, and nudges the right person. | Review load per person; Time-to-first-review charts; Gentle nudges; Weekly team report
Pairwise | Review code together, live, in the browser | remote pairs and mentors | opens a pull request in a shared session where two people can step through the diff, leave notes and run the tests together. | Shared cursors; Voice notes on lines; Run tests from the diff; Session recordings
Rendered | Review the docs in the same pull request as the code | open-source maintainers | renders Markdown changes as readable pages next to the code diff, so documentation gets reviewed as carefully as code. | Rendered docs diffs; Broken link checks; Screenshot diffs; Comments on rendered text
`,
  'ci-cd': `
Slipway | Preview environments for every pull request | product teams | spins up a full copy of your app for each pull request, with a link in the PR and its own seeded database. | Per-PR environments; Seeded databases; Shuts down when idle; Password-protected links
Greenlight | CI that tells you why the build broke | teams tired of flaky pipelines | runs your existing pipeline config and, when a job fails, points to the commit, test and log line most likely at fault. | Flaky test detection; Failure summaries; Rerun only failed jobs; GitHub Actions syntax
Conveyor | Deploys you can undo in one click | small SaaS teams | builds, tests and deploys your app to your own cloud account, keeping every release one click away from a rollback. | One-click rollback; Deploy windows; Release notes from commits; Approvals for production
Warm Cache | Cut your CI minutes in half | teams with slow builds | caches dependencies and build outputs across branches and machines, so most builds only redo the work that changed. | Remote build cache; Cache hit reports; Works with any CI; Encrypted at rest
Nightly | Scheduled jobs with a real history | backend developers | runs your scheduled scripts in isolated containers and keeps logs, timings and alerts for every run. | Cron syntax or plain English; Run history; Failure alerts; Secrets management
Tagger | Versions and release notes on autopilot | library maintainers | reads your commit messages, picks the next version number and publishes the release with readable notes. | Semantic versioning; Changelog generation; Publishing to npm, PyPI and crates.io; Pre-release channels
`,
  'api-tools': `
Mockingbird | Mock any API from its OpenAPI file | frontend developers | serves realistic fake responses from an OpenAPI document, so the frontend can be built before the backend exists. | Realistic example data; Latency and error simulation; Shareable mock URLs; Request log
Postcard | A calm API client that keeps requests in your repo | developers who test APIs daily | keeps your requests as plain files in the repository, so collections are reviewed and versioned like code. | Requests as plain files; Environments and secrets; Response diffs; Code snippets in 12 languages
Pactline | Catch breaking API changes before they ship | teams with public APIs | compares each change to your API schema against what clients actually call and flags the ones that would break someone. | Breaking change detection; Real traffic sampling; Pull request comments; Changelog for consumers
Hookbox | Inspect, replay and debug webhooks | developers wiring up payment and SaaS webhooks | gives you a URL that captures incoming webhooks, shows every header and body, and replays them to your local machine. | Replay to localhost; Signature checks; Searchable history; Forwarding rules
Gatehouse | A small API gateway you can read in an afternoon | indie developers selling an API | adds API keys, rate limits and usage metering in front of any HTTP service, with a dashboard for your customers. | API keys; Rate limits per plan; Usage metering; Customer dashboard
Docwright | API docs that stay in sync with the code | developer relations teams | generates reference docs from your schema and checks the examples in your guides against the live API every night. | Docs from OpenAPI; Tested code samples; Versioned docs; Search
`,
  debugging: `
Breadcrumb | See what the user did before the error | web app developers | records the clicks, network calls and console output leading up to each frontend error, with private fields masked. | Session replay around errors; Network timeline; Privacy masking; Source maps
Tracepoint | Add logs to running code without redeploying | backend teams | lets you add log lines and snapshots to a running service from your editor, without a restart or a new deploy. | Non-breaking breakpoints; Snapshots of local variables; Conditional logs; Audit trail
Heapwise | Find memory leaks in Node.js services | Node.js developers | takes heap snapshots in production at a safe moment and shows which objects keep growing and what holds on to them. | Low-overhead snapshots; Retainer paths; Leak alerts; Snapshot comparisons
Rubber Duck | A stack trace, explained in plain English | junior developers | reads a stack trace and the code around it, explains what most likely went wrong and points to the line to look at first. | Editor extension; Links to the exact line; Common fixes; Local model option
Hotpath | Profile production without slowing it down | performance-minded teams | samples CPU time in production and turns it into flame graphs you can compare release against release. | Continuous profiling; Release comparisons; Under 1% overhead; Go, Rust, Python and Node.js
Quietlog | Logs you can actually search | small teams who outgrew grep | collects logs from your servers and lets you search them in plain words, with the noisy lines grouped together. | Full-text search; Noise grouping; Live tail; Alerts on new errors
`,
  'note-taking': `
Inkwell | Notes that link themselves | researchers and writers | suggests links to related notes as you type, so ideas you wrote months apart find each other. | Backlinks; Daily notes; Markdown files on disk; Graph view
Jotter | The fastest way to write something down | anyone who thinks faster than they type | opens with a keyboard shortcut from anywhere and saves the note before you've decided where it belongs. | Global shortcut; Quick capture from the menu bar; Tags instead of folders; Full-text search
Recap | Meeting notes with the decisions pulled out | managers with back-to-back meetings | turns your meeting notes into a short list of decisions and action items, each with an owner and a date. | Action items with owners; Calendar integration; Meeting templates; Shared team notes
Marginalia | Highlights and notes from everything you read | students and lifelong readers | keeps your highlights from books, articles and PDFs in one place and brings a few back each day so they stick. | Kindle and PDF import; Daily review; Tags and collections; Export to Markdown
Fieldbook | Notes that work without signal | people who work on site | keeps notes, photos and voice memos on your phone, works without signal and syncs when you're back in range. | Photo and voice notes; Location stamps; Offline first; PDF reports
Paperweight | A quiet notebook for long-form thinking | writers who hate clutter | gives you one page, one font and nothing else, and keeps every version of what you wrote. | Distraction-free mode; Version history; End-to-end encryption; iPad app
`,
  'task-management': `
Tickbox | A to-do list that plans your day | freelancers juggling clients | takes your tasks and calendar and proposes a realistic plan for today, moving what doesn't fit to tomorrow. | Daily planning; Calendar time-blocking; Recurring tasks; Client tags
Swimlane | Boards for teams that don't want another project tool | small teams | is a plain kanban board with just enough structure: columns, owners, due dates and a weekly summary. | Kanban boards; Due dates and owners; Weekly summary email; Guest access
Errand | Shared to-do lists for households | couples and families | keeps shared shopping lists, chores and reminders that everyone in the house can tick off from their phone. | Shared lists; Rotating chores; Location reminders; Home screen widgets
Triage | Turn a messy pile of requests into a plan | product managers | collects feature requests from email, chat and support tickets, merges duplicates and shows what people ask for most. | Duplicate merging; Request voting; Roadmap view; Links to support tickets
Pomelo | One task at a time, on a timer | people who struggle to focus | shows only the task you're working on, runs a focus timer and logs how long things really took. | Focus timer; Time tracking; Distraction blocking; Weekly review
Checkpoint | Checklists for the work you repeat | operations teams | turns your recurring processes into checklists anyone can run, with a record of who did what and when. | Reusable checklists; Assignments; Audit trail; Conditional steps
`,
  calendars: `
Slotwise | Share your free time without the back-and-forth | consultants and coaches | shows clients only the slots you want to offer, across all your calendars, and books them with the right buffer. | Booking pages; Buffers between meetings; Multiple calendars; Payment at booking
Daybook | Your calendar and to-do list on one timeline | people who plan by the hour | puts tasks and events on the same timeline, so you can drag a task into a free hour and see what your day really looks like. | Time-blocking; Tasks and events together; Natural language input; Google and Outlook sync
Roundtable | Find a meeting time across time zones | distributed teams | finds the times that work for everyone across time zones and working hours, and shows who would be up early or late. | Time zone aware; Working hours; Fair rotation of late meetings; Slack command
Fridge Door | One calendar for the whole family | busy parents | merges school, sports and work calendars into one family view, with reminders for who picks up whom. | Shared family calendar; School calendar import; Pick-up reminders; Home screen widgets
Quiet Hours | Protect your focus time automatically | engineers and designers | blocks focus time on your calendar each week based on your meeting load, and moves it when something urgent lands. | Automatic focus blocks; Meeting load reports; Do-not-disturb sync; Team norms
Timefold | Your next meeting, one glance away | Mac users | shows your next meeting and its join link in the menu bar, with a keyboard shortcut to open any event. | Menu bar calendar; One-click join; Keyboard shortcuts; Multiple accounts
`,
  'email-marketing': `
Sendwell | Email campaigns that land in the inbox | small online shops | sends newsletters and campaigns with deliverability checks built in, and warns you before a subject line trips a spam filter. | Deliverability checks; Drag-and-drop editor; Segments; A/B subject lines
Nurture | Welcome emails that sound like you | course creators | writes and schedules onboarding emails based on what each subscriber did, without a flowchart builder. | Behaviour-based sequences; Plain-text emails; Link tracking; Tags
Listkeeper | Keep your email list clean | marketers with large lists | finds bounced, inactive and fake addresses on your list and re-engages or removes them before they hurt your sender score. | List cleaning; Re-engagement campaigns; Sender score monitoring; Mailchimp and Klaviyo sync
Receipt | Transactional email that looks good everywhere | SaaS developers | gives you tested templates for receipts, password resets and alerts, sent through a simple API. | Tested templates; Email API; Dark mode previews; Delivery logs
Subject Line | Write subject lines people open | newsletter writers | scores your subject lines against your own past open rates and suggests variations to test. | Subject line scoring; Variations to test; Open rate history; Preview text check
Seasonal | Plan a year of campaigns in an afternoon | shop owners | lays out a calendar of campaigns around holidays and your own sales, with drafts ready to edit. | Campaign calendar; Holiday templates; Shopify sync; Scheduled sends
`,
  'seo-tools': `
Crawlspace | Find what's stopping Google from reading your site | marketing teams | crawls your site like a search engine would and lists broken links, missing titles and slow pages in order of impact. | Site audits; Broken link finder; Page speed checks; Weekly reports
Rankfolio | Rank tracking without the enterprise price | freelance SEOs | tracks your keywords daily across countries and devices, with reports you can send to clients under your own logo. | Daily rank tracking; White-label reports; Competitor tracking; Local results
Topical | Find the topics your audience searches for | content marketers | groups thousands of search queries into topics and shows which ones your competitors cover and you don't. | Keyword clustering; Content gaps; Search intent labels; Export to briefs
Richcard | Structured data without touching code | site owners | adds schema.org markup to your pages from a visual editor, so products, FAQs and reviews show up richer in search. | Visual schema editor; Validation; WordPress and Webflow plugins; Rich result previews
Linkwell | Earn links by being useful | startups doing outreach | finds sites that link to articles like yours and helps you write a short, personal pitch to each one. | Link prospecting; Outreach templates; Follow-up reminders; Link monitoring
Redirectory | Move your site without losing traffic | agencies running migrations | maps old URLs to new ones, tests every redirect before launch and watches traffic for a month after. | Redirect mapping; Pre-launch tests; Traffic monitoring; Bulk import
`,
  'social-media': `
Cadence | Plan a month of posts in one sitting | solo creators | lets you write and schedule posts for every network in one place, with a calendar that shows the gaps. | Multi-network scheduling; Content calendar; Best time suggestions; Link-in-bio page
Reshare | Turn one blog post into ten social posts | content teams | pulls quotes, numbers and takeaways from your articles and drafts posts for each network to edit and schedule. | Post drafts from articles; Image cards; Scheduling; Performance tracking
Mentionable | Know when people talk about you | startups | watches social networks, forums and news for mentions of your brand and competitors, and sends the ones worth replying to. | Mention alerts; Sentiment; Competitor tracking; Slack digest
Feedframe | Preview your grid before you post | Instagram creators | shows how new posts will look on your profile grid and schedules them in the order you choose. | Grid preview; Scheduling; Caption library; Hashtag groups
Replybox | Every comment and DM in one inbox | social media managers | collects comments and messages from every account into one inbox your team can assign, tag and answer. | Unified inbox; Assignments; Saved replies; Response time reports
Clipper | Short clips from long videos | podcasters and streamers | finds the most quotable moments in long videos and cuts them into vertical clips with captions. | Automatic highlights; Captions; Vertical reframing; Scheduling to TikTok and Shorts
`,
  prototyping: `
Clickthrough | Clickable prototypes from your sketches | product designers | turns screens from Figma or paper sketches into a clickable prototype you can put in front of users the same day. | Figma import; Photo-to-screen; Hotspots and transitions; Shareable links
Hallway | Test your prototype with real people by Friday | startup founders | recruits testers who match your audience, runs them through your prototype and sends back recordings and a summary. | Tester recruiting; Session recordings; Task success rates; Highlight reels
Easing | Micro-interactions without code | interaction designers | lets you design animations and transitions on a timeline and exports them as code your developers can use. | Timeline editor; Spring physics; CSS and Lottie export; Device preview
Greybox | Wireframes fast enough to use in meetings | product managers | gives you a library of plain grey building blocks to lay out a screen in minutes while everyone is still in the room. | Component library; Real-time collaboration; Comment threads; Export to Figma
Pocket Preview | See your prototype on a real phone | mobile designers | mirrors your design file to your phone as you edit, so you can test tap targets and text sizes on the real thing. | Live mirroring; iOS and Android apps; Offline previews; Screen recording
Pathfinder | Map every screen and path in your app | UX teams | builds a map of your product's screens and flows from your design files, so nobody designs a dead end. | Flow maps from Figma; Dead-end detection; Annotations; Presentation mode
`,
  illustration: `
Nib | Vector illustration with a real pencil feel | illustrators | gives you vector brushes that feel like pencil and ink, with pressure and tilt, and exports clean SVG. | Pressure-sensitive vector brushes; SVG export; Layers; Time-lapse recording
Iconsmith | Draw an icon set that looks like a set | product designers | keeps stroke widths, corner radii and grids consistent across every icon you draw, and exports the set as a font or SVG sprites. | Icon grids; Consistency checks; Icon font export; Figma plugin
Patternmaker | Seamless patterns in minutes | surface designers | shows your tile repeated as you draw, so the seams disappear, and exports print-ready files at any size. | Live repeat preview; Half-drop and brick repeats; Print-ready export; Colourways
Doodlebox | Friendly illustrations for your product, mixed and matched | startups without an illustrator | lets you build on-brand illustrations from a library of characters, objects and scenes in your own colours. | Mix-and-match scenes; Brand colours; PNG and SVG export; Commercial licence
Huebook | Colour palettes that work together | illustrators and designers | generates palettes from a photo or a single colour and checks every pair for contrast before you commit. | Palettes from photos; Contrast checks; Swatch export; Colour blindness preview
Panelhouse | Comics and storyboards, panel by panel | comic artists | gives you panel layouts, speech bubbles and lettering tools that reflow when you change the page. | Panel templates; Lettering tools; Print and webtoon export; Reference layers
`,
  'design-systems': `
Tokensmith | Design tokens from Figma to code | design system teams | keeps colour, spacing and type tokens in one place and publishes them to CSS, iOS and Android with every change. | Token sync with Figma; CSS, Swift and Kotlin output; Versioning; Change review
Inventory | See which components your product really uses | design system leads | scans your codebase and design files to show which components are used where, and which ones have drifted. | Component usage reports; Drift detection; Adoption charts; Slack alerts
Specimen | Documentation sites for your design system | small design teams | turns your components and tokens into a searchable documentation site with live examples and usage notes. | Live component examples; Usage guidelines; Search; Custom domain
Legible | Accessibility checks for your components | design and front-end teams | tests every component in your library for colour contrast, focus order and screen reader labels on each change. | Contrast checks; Keyboard focus tests; Screen reader label checks; CI integration
Tidy Layers | Keep your design files clean | agencies handing off files | finds detached components, stray colours and unnamed layers in your Figma files and fixes most of them in one click. | Detached component finder; Colour cleanup; Layer naming; Figma plugin
Redline | Design handoff without the guesswork | developers building from designs | shows exact spacing, tokens and component names from the design, linked to the code components they map to. | Spacing and token inspection; Code component mapping; Changelog per screen; Comment threads
`,
  'ai-writing': `
Draftsmith | A first draft in your own voice | marketers | learns your style from a few past pieces and writes first drafts of posts and emails that sound like you wrote them. | Style learning; Brand voice profiles; Google Docs add-on; Plagiarism check
Rephrase | Say it clearer in one click | people writing in a second language | rewrites a sentence to be clearer, shorter or more formal, and explains what it changed so you learn along the way. | One-click rewrites; Explanations; Browser extension; Tone options
Brieflet | Research briefs for writers, with every claim sourced | journalists and content teams | reads the sources you give it and writes a brief with the key facts, quotes and open questions, each linked back. | Source-linked claims; Quote extraction; PDF and URL import; Export to Docs
Grantwriter | Grant applications without the blank page | nonprofits | drafts grant application sections from your organisation's past applications and the funder's guidelines. | Past application library; Funder guideline matching; Budget narratives; Team review
Shelf Talk | Product descriptions for a whole catalogue | online shops | writes product descriptions and SEO titles for hundreds of products at once from your spreadsheet or store. | Bulk generation; Shopify and WooCommerce sync; SEO titles; Multiple languages
Tone Check | Catch the wrong tone before you hit send | customer-facing teams | reads your draft emails and messages and flags anything that might come across as cold, rude or unclear. | Tone warnings; Suggested rewrites; Gmail and Outlook add-ons; Team guidelines
`,
  'ai-agents': `
Legwork | An agent for the browser busywork | operations teams | fills in forms, copies data between web apps and downloads reports, following steps you show it once. | Learns by demonstration; Scheduled runs; Human approval steps; Run logs with screenshots
Sorter | Your inbox, triaged before you wake up | founders drowning in email | reads new email overnight, drafts replies to the routine ones and leaves you a short list of what needs you. | Draft replies; Priority summary; Calendar-aware scheduling; Works with Gmail
Scout | Competitor research while you sleep | product marketers | visits competitors' sites, changelogs and pricing pages each week and writes up what changed. | Weekly change reports; Pricing page tracking; Source links; Slack delivery
Testbench | Test your AI agent before your users do | teams building agents | runs your agent through hundreds of scripted conversations and scores each run for success, cost and safety. | Scenario suites; Regression tracking; Cost per run; Safety checks
Toolbelt | Connect your agent to the tools your team uses | developers | gives your agent signed-in access to calendars, docs, tickets and CRMs through one MCP server, with permissions per tool. | MCP server; Per-tool permissions; Audit log; 40+ integrations
Filer | An agent that files your receipts | freelancers | collects receipts from your email and photos, matches them to bank transactions and files them for your accountant. | Receipt matching; Bank feeds; Accountant sharing; Missing receipt reminders
`,
  'computer-vision': `
Shelfscan | Know what's on every shelf | retail chains | counts products and spots empty shelves from ordinary store camera footage, and tells staff where to restock. | Out-of-stock alerts; Planogram checks; Works with existing cameras; Store dashboards
Labelbench | Label images faster with a model that learns as you go | machine learning teams | suggests labels as you annotate and learns from your corrections, so each batch takes less time than the last. | Assisted labelling; Bounding boxes and polygons; Review queues; Export to COCO and YOLO
Sitewatch | Safety checks on construction sites, from photos | site managers | reviews daily site photos for missing helmets, blocked exits and open edges, and sends a short report each evening. | Hazard detection; Daily reports; Photo timeline; Works from phone photos
Scanwise | Turn paper documents into clean data | back-office teams | reads invoices, IDs and forms from scans or photos and returns structured fields through an API. | Document extraction API; Handwriting support; Confidence scores; Human review queue
Leafcheck | Spot crop disease from a phone photo | farmers and agronomists | identifies common crop diseases and pests from a photo of a leaf and suggests what to do next. | Disease identification; Works in the field; Field history; Treatment guides
Lookalike | Let shoppers search your catalogue by photo | online retailers | lets shoppers upload a photo and finds the closest matching products in your catalogue. | Search by photo; Similar products; Shopify app; Search analytics
`,
  speech: `
Verbatim | Transcripts you don't have to fix | journalists and researchers | transcribes interviews with speaker labels and timestamps, and lets you click any word to hear it. | Speaker labels; Click-to-play transcripts; 30+ languages; Export to Word and SRT
Speakeasy | Write by talking, in any app | people with RSI | types what you say into any app, with punctuation and commands like "new paragraph" and "scratch that". | System-wide dictation; Voice commands; Custom vocabulary; Runs on your device
Narrator | Natural voiceovers for your videos | video creators | turns scripts into voiceovers in a range of natural voices, with control over pace, pauses and emphasis. | 50+ voices; Pronunciation control; Timing to video; Commercial licence
Callback | Call summaries for sales and support | sales teams | records and transcribes calls, then writes a summary with next steps straight into your CRM. | Call transcription; CRM notes; Talk-time stats; Keyword alerts
Pronounce | Practise pronunciation with instant feedback | language learners | listens as you read a sentence aloud and shows which sounds to work on, with audio from native speakers. | Pronunciation scoring; Native speaker audio; Progress tracking; Phone app
Captionist | Accurate captions in minutes | video teams | adds captions to videos in dozens of languages, lets you fix them in a simple editor and burns them in or exports SRT. | Automatic captions; Translation; Caption styling; SRT and VTT export
`,
  'web-analytics': `
Footfall | Simple, privacy-friendly website analytics | bloggers and small businesses | shows visitors, top pages and where people came from on one page, without cookies or a consent banner. | No cookies; One-page dashboard; Goal tracking; Public dashboards
Sightline | See which pages make you money | e-commerce teams | connects page visits to orders, so you can see which pages, campaigns and referrers bring paying customers. | Revenue attribution; Campaign tracking; Funnels; Shopify and Stripe sync
Heatwave | Heatmaps and scroll maps with nothing to configure | landing page designers | records where visitors click, move and stop scrolling on each page, and shows it as heatmaps you can compare. | Click and scroll heatmaps; Page comparisons; Device filters; Privacy masking
Uptick | A morning email with the numbers that matter | founders | emails you each morning with yesterday's visitors, signups and revenue, and flags anything unusual. | Daily email digest; Anomaly alerts; Stripe and analytics sync; Weekly trends
Serverside | Analytics from your server logs, no script needed | developers who block trackers themselves | reads your web server logs and turns them into a clean traffic dashboard, with bots filtered out. | Log-based analytics; Bot filtering; Nginx and Caddy support; No tracking script
Tagwise | Campaign links the whole team spells the same way | marketing teams | builds campaign links from shared naming rules, so every UTM tag in your reports is written the same way. | Link builder; Naming rules; Short links; Campaign reports
`,
  'product-analytics': `
Keystone | Know which features keep users around | SaaS product teams | shows which features new users try in their first week and how that relates to who is still active a month later. | Retention cohorts; Feature adoption; Funnels; Warehouse sync
Dropoff | Find where users give up | growth teams | maps the paths users take through signup and onboarding and highlights the step where most of them leave. | Funnel analysis; Path explorer; Session links; Experiment results
Askbox | One-question surveys inside your app | product managers | shows a single, well-timed question to the right users inside your app and groups the answers by theme. | In-app surveys; Targeting rules; Answer themes; NPS and CSAT
Trackplan | A tracking plan your whole team agrees on | data teams | keeps your event names and properties in one shared plan and checks incoming events against it. | Tracking plan; Event validation; Type-safe SDKs; Change review
Plainsight | Ask your product data questions in plain English | non-technical teams | answers questions about product usage in plain English, showing the chart and the query behind it. | Plain-English questions; Charts with the SQL shown; Saved answers; Warehouse connection
Flagpole | Feature flags with the results built in | engineering teams | rolls out features to a share of users and shows how each rollout changed the metrics you care about. | Feature flags; Gradual rollouts; Experiment metrics; SDKs for web and mobile
`,
  invoicing: `
Settled | Invoices your clients actually pay on time | freelancers | sends polished invoices, reminds late payers politely for you and lets clients pay by card or bank transfer. | Automatic reminders; Card and bank payments; Recurring invoices; Invoices in any currency
Billable | Turn tracked hours into invoices | consultants and agencies | pulls your tracked hours and expenses into an invoice in one click, grouped by project and rate. | Time tracking; Expenses; Project rates; Invoice from hours
Quotient | Quotes that turn into invoices | tradespeople | lets you write a quote on your phone at the customer's door and turn it into an invoice when the job's done. | Quotes on your phone; Quote-to-invoice; Photos on invoices; Deposits
Formal | E-invoices that meet the new rules | small businesses in the EU | creates invoices in the e-invoicing formats tax authorities now ask for, and sends them over the right network. | EU e-invoicing formats; Peppol sending; VAT checks; Archive for audits
Renewal | Subscription billing without a billing team | small SaaS companies | handles plans, upgrades, proration and failed payments on top of your payment provider, with invoices customers understand. | Plans and proration; Failed payment recovery; Customer portal; Tax handling
Tuition | Invoicing for clubs and classes | music teachers and sports clubs | bills families for lessons and term fees, tracks who has paid and sends reminders that don't feel awkward. | Family accounts; Term billing; Payment tracking; Gentle reminders
`,
  accounting: `
Ledgerline | Bookkeeping that mostly does itself | sole traders | sorts your bank transactions into the right categories automatically and keeps your books ready for tax time. | Bank feeds; Automatic categories; Receipt capture; Tax reports
Closebook | Close the month in days, not weeks | finance teams at growing companies | gives your month-end close a checklist, reconciles accounts automatically and shows what's still open. | Close checklists; Automatic reconciliation; Variance analysis; Audit trail
Countinghouse | Accounting for people who hate accounting | first-time founders | explains every number on your profit and loss in plain language and tells you what to do before each deadline. | Plain-language reports; Deadline reminders; Bank sync; Accountant access
Consolidate | One set of reports across all your companies | holding companies and groups | pulls the books of every entity into consolidated reports, with currency conversion and intercompany eliminations. | Multi-entity consolidation; Currency conversion; Intercompany eliminations; Board reports
Forecastle | A cash flow forecast you'll actually keep up to date | small business owners | builds a 13-week cash forecast from your bank and accounting data and updates it as money comes in and goes out. | 13-week forecasts; Scenario planning; Bank sync; Low-cash alerts
Pettycash | Expense reports that take a minute | small teams | lets employees snap receipts, fills in the details automatically and sends the report to whoever approves it. | Receipt scanning; Approval flows; Cards and reimbursements; Accounting sync
`,
  'personal-finance': `
Pocketbook | A budget that adjusts when life happens | young professionals | gives every pound or dollar a job and rebalances your budget when you overspend, instead of just showing red numbers. | Envelope budgeting; Bank sync; Shared budgets; Savings goals
Nestegg | Your whole net worth in one place | people with accounts everywhere | brings your bank accounts, pensions, investments and property into one net worth chart that updates daily. | Net worth tracking; Investment accounts; Property values; Monthly reports
Halfsies | Split bills without the awkward maths | flatmates and travelling friends | keeps track of who paid for what and settles up with the fewest transfers. | Shared expenses; Multiple currencies; Settle-up suggestions; Receipt photos
Unsubscribed | Find and cancel subscriptions you forgot about | anyone with too many subscriptions | spots recurring payments in your bank account and reminds you before each free trial turns into a charge. | Subscription detection; Trial reminders; Cancellation guides; Monthly spending report
Allowance | Pocket money and first savings for kids | parents | gives kids a simple app to track their pocket money, save towards goals and learn where money goes. | Kids' wallets; Savings goals; Chores and rewards; Parent controls
Compound | Work out when you can stop working | people saving for early retirement | projects your savings, investments and spending forward and shows how small changes move your retirement date. | Retirement projections; Scenario comparisons; Tax-aware withdrawals; Private by design
`,
  crm: `
Rapport | A CRM you'll keep up to date | founders doing their own sales | fills in contacts and deal history from your email and calendar, so the CRM stays current without data entry. | Email and calendar sync; Deal pipeline; Follow-up reminders; Chrome extension
Dealflow | Deal tracking for small investors | angel investors and small funds | tracks the startups you've met, your notes and your decisions, and reminds you when to check back in. | Deal pipeline; Founder notes; Portfolio updates; Email forwarding
Open House | A CRM built for estate agents | estate agents | matches buyers to new listings, schedules viewings and reminds you who to call after each one. | Buyer matching; Viewing scheduler; Property listings; Phone app
Patron | Donor management for small nonprofits | small charities | keeps donors, gifts and campaigns in one place and writes the thank-you letters for you to sign. | Donor records; Gift tracking; Thank-you letters; Gift Aid and tax receipts
Tabular | A CRM that feels like a spreadsheet | teams who live in spreadsheets | looks and works like a spreadsheet but knows about contacts, companies and deals, with reminders and email built in. | Spreadsheet view; Email sync; Custom fields; CSV import
Retainer | Client management for agencies | creative agencies | tracks leads, proposals and retainers, and shows which clients are profitable once the hours are counted. | Proposal tracking; Client profitability; Retainer renewals; Time tracking sync
`,
  'lead-generation': `
Prospector | Find companies that need what you sell | B2B sales teams | finds companies showing buying signals, like hiring for a role or adopting a tool, and lists the people to contact. | Buying signals; Contact data; CRM export; Weekly lists
Introducer | Warm introductions instead of cold email | founders raising or selling | finds who in your network knows the person you want to reach and drafts the intro request for you. | Network mapping; Intro requests; LinkedIn import; Privacy controls
Coldcraft | Cold email that reads like a person wrote it | sales development reps | helps you research each prospect and write a short, specific first line, then sends at a pace that keeps you out of spam. | Prospect research; Personal first lines; Send limits; Reply detection
Knock Knock | See which companies visit your site | B2B marketers | identifies the companies behind your website visits and alerts sales when a target account is reading your pricing page. | Company identification; Account alerts; CRM sync; GDPR-friendly mode
Magnet | Lead magnets that convert | coaches and consultants | builds quizzes, calculators and checklists that collect emails, and sends new leads straight to your email tool. | Quiz builder; Calculators; Email tool sync; Conversion analytics
Badge Scan | Capture leads at trade shows | event and field marketers | scans badges and business cards at events, adds your notes and sends the leads to your CRM before you're home. | Badge and card scanning; Lead notes; Offline capture; CRM sync
`,
  'help-desk': `
Frontline | A shared support inbox that stays small | small support teams | turns your support email into a shared inbox with assignments, internal notes and saved replies, and nothing you don't need. | Shared inbox; Internal notes; Saved replies; Customer history
Ticketless | Answer once, not forty times | SaaS companies | spots the questions you answer over and over and turns your best answers into help articles in one click. | Repeat question detection; Help centre; Answer suggestions; Search analytics
Handbook | A help centre customers actually read | product teams | builds a fast, searchable help centre from your docs, with articles that show up right where customers get stuck. | Searchable help centre; In-app help widget; Article feedback; Custom domain
Ringside | Phone support without a call centre | small teams that still pick up the phone | gives your team a support number, call queues and voicemail transcripts inside your help desk. | Support phone numbers; Call queues; Voicemail transcripts; Call recording
Kudos | Find out how customers felt about each answer | support leads | asks a one-click satisfaction question after each conversation and shows which topics leave people unhappy. | One-click ratings; Topic reports; Agent feedback; Weekly summaries
Return Desk | Returns and exchanges without the email chain | online shops | gives customers a returns page, creates labels and keeps your support team out of back-and-forth emails. | Self-service returns; Shipping labels; Exchange offers; Shopify app
`,
  'live-chat': `
Chatterbox | Live chat that feels like texting | small online businesses | puts a small chat window on your site and sends conversations to your phone, so you can answer from anywhere. | Chat widget; Replies from your phone; Offline messages by email; Visitor details
Greeter | Say hello to visitors at the right moment | SaaS marketers | starts a conversation when a visitor seems stuck, like lingering on pricing, with a message you write. | Targeted messages; Behaviour triggers; Meeting booking; A/B testing
Handover | A chatbot that knows when to hand over | support teams | answers common questions from your help articles and passes the conversation to a person, with context, when it can't. | Answers from your docs; Smooth handover; Conversation history; Multilingual
Sidecar | See the customer's screen while you chat | customer success teams | lets you see and point at the customer's screen during a chat, without them installing anything. | Co-browsing; Pointer and highlights; Privacy masking; Session notes
Open Line | Support on WhatsApp and SMS from one inbox | shops and service businesses | lets customers message you on WhatsApp, SMS or web chat, and your team replies from one inbox. | WhatsApp and SMS; Shared inbox; Quick replies; Business hours
Lingua Chat | Chat with customers in their own language | companies selling abroad | translates chat messages both ways as they are written, so one team can support customers in twenty languages. | Live translation; Language detection; Glossary; Transcript export
`,
  'online-courses': `
Cohortly | Run live cohort courses without juggling tools | course creators | puts your schedule, live sessions, assignments and community in one place, with reminders that keep students showing up. | Cohort schedules; Live sessions; Assignments and feedback; Community space
Syllabus | Turn what you know into a course | experts teaching for the first time | helps you outline a course from your notes, record lessons in the browser and sell it from a simple page. | Course outlines; Browser recording; Sales pages; Quizzes
Upskill | Training your team will actually finish | HR and people teams | delivers short lessons to employees in chat and tracks who completed what, without a clunky learning portal. | Lessons in Slack and Teams; Completion tracking; Quizzes; Course templates
Studio Hours | Small-group classes for creative skills | artists teaching online | hosts small live classes with a camera on your hands or canvas, and keeps recordings for students to watch again. | Overhead camera mode; Class recordings; Small groups; Student galleries
Credential | Certificates people are proud to share | course providers | issues verifiable certificates when students finish, with a page they can add to their profile and CV. | Verifiable certificates; Shareable pages; Bulk issuing; Expiry and renewal
Pocket Lessons | Learn something useful in five minutes a day | busy professionals | sends one short, practical lesson a day on topics like negotiation, writing and statistics, with a quick check at the end. | Daily lessons; Quizzes; Works offline; Progress streaks
`,
  'language-learning': `
Parlance | Conversation practice without the nerves | adult language learners | lets you practise real conversations with a patient AI partner that corrects you gently and remembers your mistakes. | Conversation practice; Gentle corrections; Mistake review; 12 languages
Wordhoard | Vocabulary that sticks | language learners | builds flashcards from words you look up while reading and shows each one again just before you'd forget it. | Spaced repetition; Browser extension; Example sentences; Audio
Penpal | Find a language partner who's learning yours | people learning a language abroad | matches you with native speakers who want to learn your language, for video calls split half and half. | Partner matching; Video calls; Conversation prompts; Time zone matching
Readalong | Read real books in the language you're learning | intermediate learners | gives you graded books and articles with tap-to-translate and audio, at a level just above yours. | Graded reading; Tap to translate; Audio narration; Level tests
Conjugate | Verb drills that adapt to your mistakes | Spanish, French and German learners | drills the verb forms you get wrong most, with short exercises you can do in the queue at the shop. | Adaptive drills; Verb tables; Works offline; Progress reports
Little Lingo | First words in a new language, for kids | parents raising bilingual children | teaches young children words and songs in a new language through short, screen-light games. | Songs and stories; Parent dashboard; Screen-time limits; Works offline
`,
  tutoring: `
Stepwise | Maths help that explains, not just answers | secondary school students | walks students through each step of a maths problem and asks questions instead of giving the answer away. | Step-by-step hints; Photo of a problem; Topic practice; Parent reports
Tutorbook | Find a tutor who's a good fit | parents | matches your child with a vetted tutor by subject, level and learning style, and handles scheduling and payments. | Tutor matching; Trial lessons; Scheduling; Progress notes
Lessonbook | The admin side of tutoring, handled | independent tutors | takes care of bookings, reminders, invoices and lesson notes, so tutors can spend their time teaching. | Online booking; Invoices; Lesson notes; Student portal
Chalk | An online whiteboard made for tutoring | online tutors | gives you and your student a shared whiteboard with maths tools, a graph plotter and PDF upload, recorded for later. | Shared whiteboard; Maths tools; PDF annotation; Session recordings
Past Papers | Exam practice that finds your gaps | students preparing for exams | sets practice questions from past exam papers and shows which topics to revise before the real thing. | Past paper questions; Topic analysis; Timed mock exams; Mark schemes
Office Hours | One-to-one help from working developers | people learning to code | books short video sessions with working developers who review your code and help you get unstuck. | Code review sessions; Screen sharing; Mentor profiles; Pay per session
`,
  'fitness-tracking': `
Repcount | A workout log that gets out of the way | people who lift | logs sets and reps in two taps, suggests the next weight and shows your progress on every lift. | Quick set logging; Progression suggestions; Progress charts; Apple Watch app
Negative Split | Training plans that fit around your life | runners training for a race | builds a plan for your race date and adjusts it when you miss a run or feel tired. | Adaptive training plans; Garmin and Strava sync; Race predictions; Recovery advice
Walkabout | Step challenges for teams | HR teams and clubs | runs friendly step challenges between teams, with a leaderboard, weekly prizes and no pressure on anyone's data. | Team challenges; Leaderboards; Wearable sync; Privacy controls
Small Space | Strength workouts for small spaces | people training at home | gives you short strength workouts that need only a mat and a pair of dumbbells, planned across the week. | Equipment-light workouts; Weekly plans; Video demos; Progress tracking
Crux | A logbook for climbers | boulderers and sport climbers | logs your climbs by grade and style, and shows whether you're getting stronger or just climbing more. | Climb logging; Grade pyramids; Gym route sync; Training sessions
Restday | Know when to train and when to rest | athletes with a wearable | combines your sleep, heart rate variability and training load into a simple daily readiness score. | Readiness score; HRV trends; Training load; Wearable sync
`,
  'mental-health': `
Stillpoint | Two minutes of calm, whenever you need it | people with busy heads | guides short breathing and grounding exercises you can do at your desk, on the bus or before a meeting. | Short guided exercises; Breathing timer; Reminders; Works offline
Weathervane | Notice your mood patterns | people working on their mental health | lets you check in on your mood in a few taps and shows how sleep, exercise and people affect it over time. | Mood check-ins; Pattern insights; Private journal; Export for your therapist
Good Fit | Find a therapist who's right for you | people looking for therapy | matches you with licensed therapists by what you want help with, price and availability, including evening slots. | Therapist matching; Video sessions; Evening availability; Sliding-scale fees
Evening Pages | A journal that asks good questions | people who want to journal but never start | asks one thoughtful question each evening and lets you answer in a sentence or a page. | Daily prompts; Private by default; Streaks without guilt; Year in review
Team Temperature | Spot burnout before it happens | managers of remote teams | runs anonymous weekly check-ins and shows trends in workload and stress, never individual answers. | Anonymous check-ins; Trend reports; Manager guides; Slack integration
Drift Off | Fall asleep without your phone keeping you up | light sleepers | plays calm stories and soundscapes with the screen off, and fades out once you've fallen asleep. | Sleep stories; Soundscapes; Sleep timer; Offline downloads
`,
  storefronts: `
Shopfront | A shop that's ready the same afternoon | makers selling handmade goods | gives you a clean storefront, checkout and order emails, with nothing to set up beyond your products. | Ready-made themes; Built-in checkout; Order emails; Custom domain
Printfold | Sell your designs on shirts and prints | illustrators and designers | puts your designs on shirts, posters and mugs that are printed and shipped only when someone orders. | Print on demand; Mockup generator; Printing partners worldwide; Storefront included
Downloadable | Sell downloads and memberships from one page | creators | sells e-books, templates and courses with instant delivery, licence keys and discount codes. | Instant delivery; Licence keys; Discount codes; Affiliates
Tradeline | Wholesale ordering for independent brands | brands selling to shops | gives your retail customers a private ordering portal with their prices and minimums, and reorders in one click. | Wholesale price lists; Order minimums; One-click reorders; Payment terms
Quickcart | A checkout that converts on mobile | shops with mostly mobile traffic | replaces your checkout with a fast, one-page mobile checkout with wallets and address autocomplete. | One-page checkout; Apple Pay and Google Pay; Address autocomplete; Abandoned cart emails
Market Stall | Online ordering for farm shops and markets | small food producers | lets customers order for collection or local delivery, with stock that updates as you sell at the market. | Collection slots; Local delivery zones; Live stock levels; Weekly boxes
`,
  payments: `
Tillpoint | Take card payments with just your phone | market traders and pop-ups | turns your phone into a card terminal, with contactless payments, receipts by text and daily payouts. | Tap to pay on your phone; Text receipts; Daily payouts; Sales reports
Paylink | Get paid with a link | freelancers and small businesses | creates a payment link in seconds that you can send by email, chat or text, for one-off or recurring payments. | Payment links; Recurring payments; Many currencies; No website needed
Disputed | Win more chargebacks | online merchants | collects the evidence for each chargeback automatically and submits a response before the deadline. | Automatic evidence; Deadline tracking; Win-rate reports; Stripe and Adyen support
Splitpay | Marketplace payments, split at checkout | marketplace founders | collects payments from buyers and splits them between sellers and your platform, with payouts and tax forms handled. | Split payments; Seller onboarding; Payouts; Tax forms
Fairrate | Get paid from abroad without losing a cut | freelancers with international clients | gives you local account details in several currencies and converts at the real exchange rate for a small, clear fee. | Local account details; Real exchange rate; Balances in many currencies; Invoices
Tip Jar | Accept tips and donations anywhere | creators and nonprofits | gives you a donation page and a QR code for tips, with recurring support and no monthly fee. | Donation pages; QR codes; Recurring support; Supporter list
`,
  shipping: `
Parcelbay | Cheaper shipping labels from every carrier | small online shops | compares carrier rates for each parcel and prints the label, with discounts you couldn't get on your own. | Rate comparison; Label printing; Discounted rates; Batch shipping
Trackside | A tracking page customers don't need to email about | e-commerce brands | gives customers a branded tracking page with clear delivery estimates, and emails them before they notice a delay. | Branded tracking page; Delay alerts; Delivery estimates; Fewer support tickets
Borderline | Customs paperwork for international orders | shops shipping abroad | fills in customs forms, tariff codes and duties for each international order, so parcels don't get stuck at the border. | Customs forms; Tariff code lookup; Duties at checkout; Restricted items check
Packhouse | Outsourced packing that keeps the personal touch | growing brands | stores your stock and packs orders in your own boxes, with handwritten notes if you want them. | Warehousing; Custom packaging; Same-day dispatch; Stock sync
Doorstep | Same-day local delivery routes | local shops and bakeries | plans the fastest delivery routes for your drivers and texts customers a time window. | Route planning; Driver app; Delivery windows; Proof of delivery
Palletwise | Pallet and freight quotes in minutes | small wholesalers | gets quotes for pallet and freight shipments from several carriers at once and books the one you choose. | Instant freight quotes; Booking; Shipment tracking; Document storage
`,
  'team-chat': `
Hearth | Team chat that isn't always on | remote teams who value focus | groups messages into topics and delivers the non-urgent ones in batches, so people can focus between check-ins. | Topic threads; Batched notifications; Urgent flag; Search
Walkie | Push-to-talk voice messages for teams | teams on the move | lets teams send short voice messages like a walkie-talkie, with transcripts for whoever can't listen. | Push to talk; Transcripts; Channels; Works with earbuds
Crossroads | Shared channels with your clients | agencies and consultants | gives each client a private, shared space for messages and files, separate from your internal chat. | Client spaces; File sharing; Guest access; Email notifications
Backchannel | Team chat you host yourself | privacy-minded organisations | is team chat you run on your own server, with encrypted rooms and single sign-on. | Runs on your server; Encrypted rooms; Single sign-on; Phone apps
Morning Roll | Daily stand-ups without the meeting | distributed engineering teams | asks everyone the stand-up questions in chat at the start of their own day and posts a summary for the team. | Async stand-ups; Time zone aware; Summaries; Blocker alerts
Shiftchat | Messaging for shift workers | shops, restaurants and care homes | keeps announcements, shift swaps and chat for staff who don't sit at a desk, on their own phones. | Announcements; Shift swaps; Read receipts; No work email needed
`,
  'video-meetings': `
Huddle | Quick video calls without a meeting link | small remote teams | shows who's around and starts a call in one click, like turning to a colleague's desk. | One-click calls; Presence; Screen sharing; Meeting-free hours
Stagehand | Webinars that feel like a good talk | marketers and educators | runs webinars with a proper stage, polls and Q&A, and turns the recording into an on-demand page. | Webinar stage; Polls and Q&A; On-demand replays; Registration pages
Minute Taker | Meeting notes you don't have to take | managers | joins your calls, writes the notes and shares a summary with decisions and tasks when the call ends. | Automatic notes; Decisions and tasks; Calendar integration; Searchable archive
Panel | Video interviews for hiring teams | recruiters | runs structured video interviews with the questions and scorecard on screen, and keeps the notes with the candidate. | Interview scorecards; Question guides; Recording with consent; ATS sync
Loopback | Record a quick video instead of a meeting | people who'd rather not meet | records your screen and camera for a quick walkthrough, with a link viewers can comment on at any point. | Screen and camera recording; Timestamped comments; Transcripts; Viewer insights
Lightcall | Video calls that hold up on a bad connection | teams in places with patchy internet | keeps calls running on weak connections by adapting video quality and falling back to audio gracefully. | Low-bandwidth mode; Audio fallback; Dial-in numbers; No downloads
`,
  'password-managers': `
Keyring | Passwords for the whole family | families | shares the passwords that need sharing, like streaming and utilities, and keeps everything else private. | Shared vaults; Emergency access; Password health; Browser extensions
Vaultline | A password manager your IT team will approve | small businesses | gives every employee a vault, with shared team folders, admin recovery and a log of who opened what. | Team vaults; Admin recovery; Access logs; Browser extensions
Passphrase | Passwords kept on your devices, not our servers | privacy-conscious people | keeps your vault encrypted on your own devices and syncs them directly, with no cloud account at all. | Local-only vault; Device-to-device sync; Passkey support; Password generator
Envelope | Share secrets with developers safely | engineering teams | stores API keys and environment variables, and hands them to developers and servers without anyone pasting them in chat. | Secret storage; CLI; Expiring share links; Audit log
Vanish Link | Send a password once, then it's gone | IT and support staff | creates a link that shows a password or note once and then deletes it, so secrets don't sit in email. | One-time links; Expiry times; Passphrase protection; No account needed
Keyless | Passkeys for your app without the hard parts | developers | adds passkey sign-in to your app with a few lines of code, with fallbacks for older devices. | Passkey SDK; Fallback sign-in; Account recovery; Dashboard
`,
  'vulnerability-scanning': `
Patchwork | Know which vulnerable dependencies actually matter | development teams | checks which vulnerable packages your code really calls, so you fix the reachable ones first. | Reachability analysis; Fix pull requests; Licence checks; CI integration
Perimeter | Find what you forgot you exposed | startups without a security team | discovers your domains, open ports and forgotten staging sites, and warns you when something new appears. | Asset discovery; Port scanning; Certificate monitoring; Change alerts
Hullcheck | Scan container images before they ship | DevOps teams | scans your container images for vulnerable packages and misconfigurations in CI, and blocks the risky ones. | Image scanning; Policy rules; Registry integration; SBOM export
Red Pen | Penetration tests you can book like a service | SaaS companies going through audits | books certified testers for a fixed price and tracks every finding until it's fixed and retested. | Fixed-price pentests; Findings tracker; Retests; Audit-ready reports
Probe | Check your web app for common holes every night | small web teams | runs safe, automated tests for the common web vulnerabilities against your staging site every night. | Nightly scans; OWASP Top 10 checks; Scans behind login; Jira integration
Auditready | Get audit-ready without the spreadsheets | startups selling to enterprises | collects evidence from your tools for SOC 2 and ISO 27001 and shows which controls still need work. | Evidence collection; Control tracking; Policy templates; Auditor access
`,
  'website-builders': `
Pagecraft | A website in an afternoon, no designer needed | small businesses | builds a good-looking site from a few questions about your business, then lets you edit anything by clicking on it. | Guided setup; Click-to-edit; Contact forms; Custom domain
Folio | Portfolio sites for photographers and artists | photographers and artists | shows your work large and fast, with galleries, client proofing and a shop for prints. | Image-first layouts; Client proofing; Print shop; Password-protected galleries
Soonish | A waitlist page for your next idea | founders testing ideas | puts up a landing page with a waitlist in minutes and shows how many visitors signed up, with rewards for referrals. | Waitlist pages; Referral rewards; Signup analytics; Email export
Menuboard | Websites for restaurants and cafés | restaurant owners | builds a restaurant website with your menu, opening hours and table bookings, easy to update from your phone. | Menu editor; Table bookings; Opening hours; Google Business sync
Docsite | Turn your docs into a website | teams with docs in Notion or Google Docs | publishes your docs as a fast, branded website that updates whenever you edit the source. | Publish from docs; Custom domain; Search; Password protection
Save the Date | A wedding website with RSVPs built in | couples | makes a wedding site with your story, travel details and an RSVP form that keeps the guest list tidy. | RSVP management; Guest list; Travel info pages; Gift list links
`,
  automation: `
Pipework | Connect your apps without writing code | operations teams | moves data between your apps when something happens, like a new order or form entry, with steps you build visually. | Visual workflow builder; 300+ app connectors; Error retries; Run history
Cellmate | Automate the spreadsheet chores | people who live in spreadsheets | runs scheduled jobs on your spreadsheets, like importing data, cleaning rows and emailing reports. | Scheduled imports; Data cleaning; Email reports; Google Sheets and Excel
Inbound | Turn emails into structured data | small businesses | reads order confirmations, leads and invoices from your inbox and sends the fields to your spreadsheet or CRM. | Email parsing; Attachment extraction; Spreadsheet and CRM sync; Templates
Signoff | Approvals without the email chains | finance and HR teams | routes requests like purchases and time off to the right approvers, with reminders and a full history. | Approval workflows; Reminders; Approvals on your phone; Audit history
Clickwork | Record it once, run it every day | anyone with repetitive web tasks | records what you do in your browser and replays it on a schedule, like downloading reports or updating listings. | Browser recording; Scheduled runs; Data extraction; Notifications
Hookline | Webhooks in, actions out | developers who don't want to write glue code | receives webhooks from any service and turns them into actions with small, readable rules. | Webhook endpoints; Rule builder; Transformations; Retries
`,
  'internal-tools': `
Backoffice | Admin panels from your database in minutes | startups | builds a safe admin panel on top of your database, with search, edit forms and permissions for your support team. | Database admin panels; Role-based access; Audit log; Custom actions
Formwork | Internal forms that write to your database | operations teams | builds forms for requests and data entry that check the input and write straight to your database or API. | Form builder; Database writes; Validation rules; Approvals
Wallboard | Team dashboards for the office TV | teams with a screen on the wall | shows your key numbers from your tools on a big, readable dashboard that updates itself. | TV dashboards; 50+ data sources; Auto-refresh; Alerts
Stockroom | An inventory app shaped like your warehouse | small warehouses and workshops | tracks stock, locations and movements with barcode scanning from any phone. | Barcode scanning; Stock locations; Low stock alerts; CSV import
Lookup | Every customer fact in one search | support and success teams | searches your database, billing and support tools at once and shows everything about a customer on one page. | Unified customer search; Billing data; Quick actions; Permissions
Runbook | Give your scripts a safe button | engineering teams | wraps your scripts in a simple form with inputs and permissions, so others can run them without a terminal. | Script forms; Permissions; Run history; Scheduling
`,
  hiring: `
Shortlist | Hiring for small teams, without the enterprise bloat | startups hiring their first ten people | posts your job to the main boards, collects applications in one pipeline and helps the team review them together. | Job board posting; Candidate pipeline; Team scorecards; Careers page
Work Sample | Skills tests candidates don't hate | engineering managers | sends short, realistic work-sample tasks instead of puzzles, and lets reviewers grade them blind. | Work-sample tasks; Blind grading; Time limits; Candidate feedback
Word of Mouth | More referrals from your own team | growing companies | makes it easy for employees to refer people they know, tracks each referral and pays bonuses automatically. | Referral links; Bonus tracking; Slack reminders; Job sharing
Interview Loop | Schedule interview loops in one click | recruiting coordinators | finds times that work for the candidate and every interviewer, books rooms and sends the agenda. | Multi-interviewer scheduling; Candidate self-booking; Room booking; Reschedule links
First Day | Onboarding that starts before day one | people teams | sends new hires their paperwork, equipment requests and a welcome plan before they start, and checklists for their first month. | Pre-boarding; Equipment requests; 30-60-90 day plans; Buddy assignment
Plainspoken | Job ads that more people apply to | hiring managers | rewrites job ads to be clearer and more inclusive, and flags requirements that put good candidates off. | Inclusive language checks; Readability; Salary range prompts; Templates
`,
  payroll: `
Payslip | Payroll for small teams, done in minutes | small businesses | runs payroll, files taxes and sends payslips each month, with a reminder when anything needs you. | Automatic tax filing; Payslips; Pension contributions; Holiday tracking
Borderless | Pay contractors anywhere | remote-first companies | pays international contractors in their own currency, collects their invoices and keeps the tax paperwork in order. | Contractor payments; Local currencies; Invoice collection; Tax forms
Clock In | Timesheets and shifts that feed payroll | hospitality and retail managers | lets staff clock in from their phones, turns shifts into timesheets and sends them to payroll. | Clock in from a phone; Shift scheduling; Overtime rules; Payroll export
Vesting | Stock options your team understands | startups | shows employees what their options are worth, when they vest and what it costs to exercise, in plain language. | Equity dashboards; Vesting schedules; Exercise calculator; Cap table sync
Stipend | Flexible benefits on one card | small companies | gives staff monthly allowances for things like learning, wellbeing and home office, spent on one card. | Benefit allowances; Company card; Receipt capture; Tax reports
Fair Pay | Salary bands you can defend | founders and HR leads | builds salary bands from current market data for each role and level, and checks your team's pay against them. | Salary benchmarks; Pay bands; Pay gap reports; Compensation reviews
`,
  editors: `
Longhand | A writing app for books, not documents | novelists | keeps chapters, notes and research side by side and tracks your word count against the deadline. | Chapter organiser; Research panel; Word count goals; Export to EPUB and Word
Beatsheet | Screenplays formatted as you type | screenwriters | formats scripts to industry standard as you type and keeps your beat sheet and scene cards in sync. | Automatic formatting; Beat sheets; Scene cards; Final Draft export
Redraft | Edit together without the chaos of tracked changes | editorial teams | shows suggested edits as clean proposals you accept or discuss, with a history of every version. | Suggested edits; Comment threads; Version history; Publishing workflow
Plaintext | A Markdown editor that stays out of your way | developers and technical writers | is a fast, minimal Markdown editor with live preview, folders of plain files and nothing locked into a format. | Live preview; Plain files on disk; Vim keys; Export to PDF
Proofmark | A second pair of eyes for every draft | professional writers | catches typos, repeated words and inconsistent spellings across a whole manuscript, not just the current page. | Manuscript-wide checks; Style sheets; Consistency checks; Word and Scrivener import
Footnote | Citations that format themselves | students and academics | keeps your references in one library and formats citations and bibliographies in any style as you write. | Reference library; 9,000+ citation styles; Word and Docs plugins; PDF annotation
`,
  newsletters: `
Dispatch | A newsletter that pays for itself | independent writers | lets you publish free and paid newsletters, with a clean reading page and payments built in. | Paid subscriptions; Web archive; Custom domain; Import from other platforms
Roundup | Link newsletters in minutes | curators | lets you save links all week from your browser and phone and turns them into a tidy newsletter on Friday. | Link saving; Automatic summaries; Scheduled sending; Reader analytics
Town Crier | Internal newsletters people open | internal comms teams | builds internal newsletters from templates and shows which stories employees actually read. | Internal templates; Read tracking; Slack and Teams delivery; Audience segments
Recommend | Grow your newsletter through other newsletters | newsletter writers | connects you with newsletters in your niche for recommendation swaps and tracks the subscribers each one brings. | Recommendation swaps; Subscriber attribution; Partner directory; Growth reports
Adslot | Sell sponsorships without the spreadsheet | newsletter publishers | puts your sponsorship slots and rates on a booking page and handles payments, creative and reporting. | Sponsor booking page; Payments; Creative approval; Click reports
Feedletter | Turn your blog into an email newsletter | bloggers | sends new posts from your blog's RSS feed to subscribers automatically, as a digest or one by one. | RSS to email; Digest scheduling; Signup forms; Subscriber import
`,
  'video-editing': `
Cutroom | Edit video by editing the transcript | podcasters and YouTubers | transcribes your footage and lets you cut the video by deleting words, including every "um". | Text-based editing; Filler word removal; Captions; Multi-camera
Reframe | Turn landscape video into vertical clips | social media teams | reframes landscape footage for vertical and square formats, keeping the speaker or the action in frame. | Automatic reframing; Captions; Brand templates; Batch export
Colourist | Grading presets that match your camera | filmmakers | gives you grading presets built for your camera's colour profile, so footage looks right before you start fine-tuning. | Camera-matched presets; Plugins for major editors; Skin tone protection; LUT export
Review Copy | Video feedback on the exact frame | video agencies | lets clients watch drafts and leave comments on the exact frame, with versions side by side. | Frame-accurate comments; Version comparison; Approval status; Editor integrations
B-Roll | B-roll that fits your story | video editors | searches a library of licensed clips by describing the shot you need, and drops them into your timeline. | Describe-the-shot search; Licensed clips; Timeline plugins; Music library
Motion Kit | Animated titles without After Effects | small marketing teams | gives you animated titles, lower thirds and intros that you edit in the browser and export in your brand colours. | Animated templates; Brand kits; Browser editor; 4K export
`,
  'photo-editing': `
Lightbox | Edit a whole shoot in minutes | wedding and event photographers | learns your editing style from past shoots and applies it to new ones, leaving you to fine-tune the keepers. | Style learning; Batch editing; Culling assist; Lightroom plugin
Cutout | Clean product photos without a studio | online sellers | removes backgrounds, straightens and evens out the lighting on product photos, ready for your shop and marketplaces. | Background removal; Shadow generation; Batch processing; Marketplace presets
Heirloom | Bring old family photos back to life | family historians | repairs scratches, restores faded colour and sharpens old scanned photos, keeping the originals untouched. | Scratch repair; Colour restoration; Face enhancement; Print-size export
Grain | Film looks, made from real film | hobby photographers | applies looks measured from real film stocks, with grain and halation that look like the real thing. | Film stock presets; Realistic grain; Phone app; Raw support
Keeper | Pick the best shots from thousands | event photographers | groups similar shots, flags closed eyes and blur, and suggests the keepers, so you can cull a wedding in an hour. | Similar-shot grouping; Blink and blur detection; Star ratings; Lightroom export
Shoebox | Find any photo you've ever taken | families with decades of photos | organises your photo library by people, places and events on your own storage, with search that understands what's in each picture. | Face grouping; Search by content; Duplicate finder; Runs on your NAS
`,
  streaming: `
Greenroom | A studio for live shows in the browser | podcasters and live hosts | brings guests on screen from a link, with layouts, overlays and streaming to several platforms at once. | Browser studio; Guest invites; Multistreaming; Local recordings
Scenebuilder | Stream overlays that match your brand | Twitch streamers | designs alerts, overlays and scene transitions in a visual editor and loads them into OBS from one link. | Overlay editor; Alerts; OBS integration; Template library
Pew | Simple live streaming for churches and community groups | volunteer-run organisations | streams services and events from a single camera, with captions and a page your community can find easily. | One-camera streaming; Live captions; Event pages; Donation button
Showtime | Sell live, while you show it | online boutiques | lets you host live shopping streams where viewers buy featured products without leaving the video. | Live shopping; Product pins; Checkout in the stream; Replays that sell
Viewcount | Know why viewers stay or leave | streamers growing a channel | shows the moments viewers arrived and left in each stream, next to what was happening on screen. | Retention graphs; Chat activity; Growth reports; Multi-platform
Backstage | Private video streams for your members | course creators and clubs | streams live and on-demand video to paying members only, with no ads and no algorithm in between. | Members-only streams; Paywall; On-demand library; Custom branding
`,
  'trip-planning': `
Wayfarer | Plan a trip together, not in a group chat | groups of friends | puts ideas, dates, bookings and costs for a group trip in one place, with votes on where to go. | Group voting; Shared itinerary; Split costs; Booking import
Roadbook | Road trips, planned stop by stop | road trippers | plans routes with driving times, overnight stops and sights, and keeps everything available offline. | Route planning; Offline maps; Overnight stops; Fuel and charging stops
Carry On | Packing lists that remember what you forgot | frequent travellers | builds packing lists from the weather, the length and the kind of trip, and remembers what you wished you'd brought. | Smart packing lists; Weather-based items; Shared lists; Templates
Travelogue | A travel journal that writes itself | travellers who want to remember | builds a daily journal from your photos and locations, ready for you to add a few words each evening. | Automatic journal; Photo maps; Private by default; Printed books
Award Seat | Spend your points on flights worth taking | points and miles collectors | searches airline award availability across programmes and alerts you when a seat you want opens up. | Award search; Seat alerts; Points balances; Transfer partner guides
Side Street | City guides from people who live there | curious travellers | offers short, opinionated city guides written by locals, with maps that work offline. | Local guides; Offline maps; Saved places; Walking routes
`,
  bookings: `
Roomkey | Direct bookings for small hotels | B&Bs and small hotels | adds a booking engine to your website and syncs availability with the big booking sites to avoid double bookings. | Booking engine; Channel sync; Deposits; Guest messaging
Daybreak | Online booking for tours and activities | tour operators | lets customers book and pay for tours online, manages guides and capacity, and sends reminders to cut no-shows. | Online booking; Capacity management; Guide schedules; Reminder texts
Letwise | Run your holiday let without the admin | holiday rental owners | handles bookings, cleaning schedules and guest messages for your rental, across every listing site. | Channel manager; Cleaning schedules; Automatic guest messages; Smart lock codes
Tablebook | Table reservations without commission | independent restaurants | takes bookings on your own site with no per-cover fees, and sends reminders so tables don't sit empty. | Reservations; No per-cover fees; Waitlist; Deposits for big groups
Fare Watch | Know when to book your flight | budget travellers | watches the routes you care about and tells you when fares drop below what's usual. | Fare alerts; Price history; Flexible dates; Multi-city search
Trip Desk | Business travel booking with the policy built in | small companies | lets employees book flights and hotels within company policy, with every invoice collected in one place. | Policy-aware booking; Central invoicing; Approvals; Traveller safety alerts
`,
  infrastructure: `
Keel | A small, boring deployment tool | teams running their own servers | deploys containers to your own servers over SSH with zero-downtime restarts and nothing else to install. | Zero-downtime deploys; SSH only; Rollbacks; Health checks
Lantern | Status pages you host yourself | open-source projects and SaaS teams | checks your services and shows their status on a fast, static page you can host anywhere. | Uptime checks; Static status page; Incident history; Email and RSS updates
Bouncer | Single sign-on for your internal apps | small IT teams | puts single sign-on in front of your internal apps, using the Google or Microsoft accounts you already have. | Single sign-on proxy; Google and Microsoft login; Access rules; Audit log
Silo | S3-compatible storage on your own disks | homelabbers and small companies | is S3-compatible object storage you can run on a couple of spare servers, with replication between them. | S3-compatible API; Replication; Web console; Lifecycle rules
Mailroom | A job queue that's easy to run | backend developers | is a background job queue backed by Postgres, so you get retries, schedules and a dashboard without adding Redis. | Postgres-backed jobs; Retries and schedules; Dashboard; Client libraries
Observatory | Metrics and logs without the big bill | small platform teams | collects metrics, logs and traces in one small binary, with dashboards and alerts that are ready to use. | Metrics, logs and traces; Single binary; Ready-made dashboards; OpenTelemetry support
`,
  databases: `
Chronicle | A time-series database that fits on a Raspberry Pi | IoT and homelab builders | stores sensor and metrics data with heavy compression and answers queries in SQL, and is small enough for a Pi. | SQL queries; High compression; Retention policies; Grafana support
Seekwell | Full-text search you can embed | app developers | adds typo-tolerant full-text search to your app as a small library or a single server, with no cluster to manage. | Typo tolerance; Faceted search; Embeddable library; Single-server mode
Branchwise | A database branch for every pull request | teams using Postgres | creates an instant copy-on-write branch of your Postgres database for each pull request, with real data masked. | Instant branches; Data masking; CI integration; Branch cleanup
Mirrorlite | SQLite that syncs between devices | local-first app developers | replicates SQLite databases between devices and a server and resolves conflicts, so apps keep working offline. | Offline sync; Conflict resolution; Encryption; Client libraries
Nearby | Vector search without a new database | developers building AI features | adds fast vector search to the database you already run, with filters and hybrid keyword search. | Vector indexes; Hybrid search; Metadata filters; Works with Postgres
Tablecloth | A friendly desktop client for your databases | developers and analysts | connects to Postgres, MySQL and SQLite and lets you browse, edit and query data in a clean desktop app. | Postgres, MySQL and SQLite; Query editor; Inline editing; SSH tunnels
`,
  'smart-home': `
Warmth | A smart thermostat that learns your week | homeowners | learns when you're home and heats each room only when it's needed, controlled from your phone or the dial. | Room-by-room heating; Learning schedules; Energy reports; Works without the cloud
Greenthumb | Know when your plants need water | houseplant lovers | is a small soil sensor that tells your phone when each plant needs water, light or food. | Soil moisture sensor; Plant database; A year on one battery; Care reminders
Latchkey | A smart lock that fits your existing door | renters | fits over your existing lock without changing the key, and lets you share access with guests for a set time. | No-tools installation; Guest access codes; Auto-lock; Activity history
Meterline | See what every appliance costs to run | energy-conscious households | clips onto your electricity meter and shows live usage and costs, down to which appliances use the most. | Live energy use; Appliance detection; Cost tracking; Solar support
Homestead | A home hub that keeps working when the internet doesn't | smart home tinkerers | connects Zigbee, Thread and Wi-Fi devices and runs your automations locally, so nothing breaks when the internet drops. | Local automations; Zigbee and Thread; Matter support; Open API
Airwise | Air quality you can see | parents and allergy sufferers | measures CO2, particles and humidity in each room and tells you when to open a window. | CO2 and particle sensors; Window alerts; Room history; Colour light ring
`,
  wearables: `
Pulseband | A sleep and recovery band with no screen | people who want to sleep better | tracks sleep, heart rate and recovery from your wrist with no screen to distract you, and a battery that lasts a week. | Sleep tracking; Heart rate variability; Week-long battery; No subscription
Posturekit | A small sensor that nudges you to sit up straight | desk workers | clips to your collar and vibrates gently when you slouch, with a daily posture score in the app. | Posture sensor; Gentle vibration; Daily score; Training plans
Homing | A watch that lets young kids call home | parents of young children | is a simple watch with calls to a few approved numbers and location sharing, without a browser or games. | Approved contacts only; Location sharing; School mode; SOS button
Clearsound | Discreet hearing support in everyday earbuds | people with mild hearing loss | tunes everyday earbuds to your hearing with a short test, boosting conversation in noisy rooms. | Personal hearing test; Conversation boost; All-day battery; Music and calls
Heads Up | Turn-by-turn directions on your sunglasses | cyclists | clips onto your sunglasses and shows directions and speed in the corner of your eye, so you never look down at your phone. | Turn-by-turn directions; Speed and distance; Clip-on design; Strava sync
Guardian | Fall detection for older parents | families of older people | is a pendant that detects falls and calls family or emergency services, with a battery that lasts months. | Fall detection; Automatic calls; Months of battery; Family app
`,
  'indie-games': `
Tidepool | A cosy fishing game about a seaside town | players who like slow games | is a relaxed fishing and village game where you fix up a harbour town and get to know the people who live there. | Dozens of fish; Seasons and weather; Controller support; Steam Deck verified
Cardinal | A roguelike deckbuilder about a travelling circus | strategy fans | is a deckbuilding roguelike where every run is a circus tour and your cards are the acts you've hired. | 200+ cards; Daily challenges; Unlockable troupes; Mod support
Mirrorworks | Puzzles made of light and mirrors | puzzle lovers | has you bend beams of light through mirrors and prisms across 120 handmade puzzles. | 120 handmade puzzles; Hint system; Level editor; Colour-blind mode
Galley Rush | Co-op cooking on a sinking ship | friends playing on one couch | is a chaotic co-op game where up to four players cook for a ship's crew while the kitchen floods. | Local co-op for four; Online play; 40 levels; Family-friendly
Afterglow | A short story game about one last summer | people who like story games | is a two-hour narrative game about friends spending one last summer together before they scatter. | Hand-drawn art; Original soundtrack; Multiple endings; Full voice acting
Hamlet | A tiny city builder for your lunch break | busy players | is a city builder you play in ten-minute sessions, growing a village one careful decision at a time. | Short sessions; Cloud saves; Phone and desktop; No ads
`,
  'game-dev-tools': `
Spritework | Pixel art animation, frame by frame | indie game artists | is a pixel art editor built for animation, with onion skinning, palettes and export straight to sprite sheets. | Onion skinning; Palette tools; Sprite sheet export; Aseprite import
Yarnball | Branching dialogue without spreadsheets | narrative designers | lets writers build branching dialogue in a visual editor and exports it to Unity, Godot and Unreal. | Visual dialogue editor; Variables and conditions; Localisation; Unity, Godot and Unreal export
Firstplay | Playtests with real players, recorded | indie studios | recruits players for your game, records their screen and face while they play, and tags the moments they got stuck. | Player recruiting; Gameplay recordings; Stuck-moment tags; Surveys
Lobby | Multiplayer servers without a backend team | small studios | runs matchmaking, lobbies and dedicated game servers that scale with your player count. | Matchmaking; Dedicated servers; Lobbies; Pay per player-hour
Tilewise | Level editing for 2D games | 2D game developers | is a tile-based level editor with auto-tiling, entities and layers, and exports to the common engines. | Auto-tiling; Entity placement; Layers; Godot and Unity export
Foley | Sound effects for your game, made to fit | solo game developers | generates and tweaks sound effects for your game's actions and exports them ready for your engine. | Sound effect generator; Variations; Engine-ready export; Royalty-free
`,
};

export interface ProductIdea {
  name: string;
  tagline: string;
  audience: string;
  /** What it does, the words after its name: "turns … into …." */
  does: string;
  features: string[];
}

/** The products written for one subcategory, parsed from its lines. */
export function productIdeas(subcategory: string): ProductIdea[] {
  const lines = productLines[subcategory];
  if (!lines) throw new Error(`no demo products for ${subcategory}`);
  return lines
    .trim()
    .split('\n')
    .map((line) => {
      const parts = line.split(' | ').map((p) => p.trim());
      if (parts.length !== 5) throw new Error(`demo product line needs 5 parts: ${line}`);
      const [name, tagline, audience, does, features] = parts as [string, string, string, string, string];
      return { name, tagline, audience, does, features: features.split('; ') };
    });
}
