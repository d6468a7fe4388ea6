// The demo blog: posts from the site team about launching here, in Markdown,
// with the site's own name, prices and launch rules filled in from what the
// seed found in the database (an admin's prices stay true in the posts).
// Sections are level-1 headings: the post page shifts them one level down,
// under its own title.

export interface BlogFacts {
  site: string;
  /** "4–6" or "4": how many weeks out a free launch week is. */
  freeWindow: string;
  freeCapacity: number;
  paidCapacity: number;
  horizonWeeks: number;
  /** Formatted prices ("$49"); null when the product is not on sale. */
  launchPrice: string | null;
  featuredPrice: string | null;
}

export interface DemoPost {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  faqs: { question: string; answer: string }[];
  /** Unpublished: a draft the site team is still writing. */
  draft?: boolean;
}

export function blogPosts(f: BlogFacts): DemoPost[] {
  return [
    {
      slug: 'preparing-for-launch',
      title: 'Preparing for launch: the three weeks before',
      excerpt:
        'Most of what decides how a launch goes happens before anyone is watching. How we would spend the three weeks before launch day.',
      body: `A launch is a short burst of attention. Most of what decides how it goes happens in the weeks before it, when nobody is watching yet. Here is how we would spend them.

# Three weeks out: decide who it is for

Write one sentence that names the people your product is for and the job it does for them. If you can't, your listing won't be able to either. "For freelancers who lose track of unpaid invoices" beats "for everyone who wants to be more productive" every time: the first makes the right people stop scrolling.

Then check that your website says the same thing near the top of the homepage. We draft your listing from your site, so a clear homepage gives you a clear draft, and a vague one gives you a vague draft to fix by hand.

# Two weeks out: make it easy to try

Visitors on launch day give you about a minute. In that minute they should be able to see the product working. That means:

- a screenshot or a short video of the real product, not an illustration of it;
- a free plan, a trial or a demo account that doesn't need a sales call;
- a price on the page, even if it is "free while in beta".

Go through your own sign-up on a phone, on a slow connection. Fix whatever makes you wince.

# One week out: line up your people

Make a list of everyone who asked to be told when it's ready: beta users, newsletter subscribers, the friends who gave feedback. Write each of them a short, personal note for launch morning. Ask them to try it and tell you what they think, not to "support" you. Honest comments help more than a wave of empty votes, and votes only count from confirmed accounts anyway.

Draft answers to the questions you know are coming: how it compares to the big alternative, what happens to people's data, what it will cost after the beta.

# The day before: check the basics

Read your listing page as a stranger would. Is the tagline specific? Do the screenshots load? Does every link work? Can people reach you?

Then get some sleep. Launch day is long, and the most useful thing you can do on it is be around to answer people.`,
      faqs: [
        {
          question: 'How early should I submit my listing?',
          answer: `For a free launch, as soon as the product is ready for strangers to try: the first free week is ${f.freeWindow} weeks out. A paid launch can go live the same day.`,
        },
      ],
    },
    {
      slug: 'writing-a-tagline',
      title: 'Writing a tagline that says what you do',
      excerpt:
        'Your tagline is often the only line people read before deciding to click. Start with the job, name the audience when it matters, and cut anything a competitor could also claim.',
      body: `The tagline is the line under your product's name on every list on ${f.site}. It is often the only thing people read before deciding whether to click. A good one tells a stranger what the product does and who it is for, in under ten words.

# Start with the job, not the adjective

Compare:

- "The smarter way to work"
- "Invoices your clients actually pay on time"

The first could describe almost anything. The second names a job (getting paid) and a pain (clients who pay late), and the right reader recognises themselves in it straight away.

A quick test: swap your product's name for a competitor's. If the tagline still works, it isn't saying enough.

# Say who it is for when it matters

If your product is built for a particular group, say so: "Bookkeeping for sole traders", "Team chat for shift workers". Naming the audience turns some people away, and that is the point. The ones who stay are the ones who will sign up.

# Plain words beat clever ones

Puns are fun to write and hard to read at a glance. Most people see your tagline in a list, between twenty others, while scrolling. Use the words your customers would type into a search box; they are also the words our search matches.

# What to leave out

- "AI-powered", "next-generation", "all-in-one": they describe your technology or your ambition, not the reader's problem.
- Your product's name. It is already right above.
- Exclamation marks.

# Write ten, then cut

Write ten versions quickly, without judging them. Read them out loud. Cross out every one that could describe a competitor. Show the last three to someone who hasn't seen your product and ask what they think it does. Keep the one they get right.

You can change your tagline at any time from your listing, so treat the first one as a draft. If people keep asking the same question in your comments, the answer probably belongs in your tagline.`,
      faqs: [
        { question: 'How long can a tagline be?', answer: 'Up to 200 characters, but the best ones are under 60.' },
      ],
    },
    {
      slug: 'launch-day-checklist',
      title: 'Launch day checklist',
      excerpt:
        'What to check in the morning, how to spend the day in your comments, what not to do, and the three notes to write before you sleep.',
      body: `Launch weeks on ${f.site} start on Monday at 00:00 UTC, and your listing goes live then. Votes during the week decide the weekly leaderboard and the three Launch of the Week awards. Here is a checklist for the day itself.

# In the morning

- Open your listing page and check that it loads, with the right logo, tagline and links.
- Post about your launch on your own channels: your newsletter, your social accounts, the communities you belong to. Link to your listing page and say what you would like feedback on.
- Send the personal notes you drafted to your beta users and friends.
- Start the discussion on your listing with a short first comment: who you are, why you built it, and one question you would like answered.

# During the day

- Answer every comment, ideally within the hour. Thank people for trying it, answer the question they asked, and admit what is missing.
- Watch your sign-up flow and your error logs. Launch traffic finds bugs that testing didn't.
- Keep a list of feature requests and repeated questions. You will want it next week.
- Take breaks. People can tell from your replies when you are exhausted.

# What not to do

- **Don't trade or buy votes.** Votes are one per person, from accounts with a confirmed email, and the site team can discount votes that look organised. It isn't worth the risk to your listing.
- **Don't argue with critical comments.** Thank the person, answer the point and move on. Visitors read how you handle criticism more closely than they read praise.
- **Don't disappear after lunch.** The week is long, and plenty of people arrive on Thursday.

# In the evening

Write down three things: what people liked, what confused them, and what they asked for. Those notes are worth more than the day's vote count, and they are the start of your first update after launch.`,
      faqs: [
        {
          question: 'When does a launch week end?',
          answer: 'On Sunday at midnight UTC. The top three by votes become that week’s Launch of the Week.',
        },
        {
          question: 'Can I vote for my own product?',
          answer: 'No. Makers cannot vote for their own listing, and each person has one vote per product.',
        },
      ],
    },
    {
      slug: 'after-launch-week',
      title: 'After launch week: what to do next',
      excerpt:
        'The leaderboard freezes on Sunday night, and the useful work starts: read everything again, post an update, follow up with new users and keep your listing current.',
      body: `Launch week ends on Sunday at midnight UTC. The leaderboard freezes, the top three get their Launch of the Week awards, and your listing moves from the front page to the archive. That is when the useful work starts.

# Read everything again

Go back through the week's comments, reviews and emails while they are fresh, and sort them into three piles: bugs, confusion and requests. Fix the bugs first. Confusion usually means your page or your onboarding is unclear; it is the cheapest thing to fix, and it pays off for every future visitor.

# Post an update

Post an update on your listing: what you fixed, what you learned, what's next. Everyone who follows your listing hears about it, and it shows new visitors that the product is alive. Keep it specific: "Fixed the CSV import for files with semicolons" beats "lots of improvements".

# Follow up with the people who signed up

Launch-week sign-ups are curious but not yet committed. A week later, send each of them a personal email asking what they hoped the product would do, and whether it did. The replies are the best roadmap you will get.

# Keep your listing current

Your listing keeps working after launch week: it shows up in its category, in search, and as an alternative on other listings. Update the tagline when you find better words, add features as they ship, and keep the pricing accurate. An outdated price is the fastest way to lose a visitor's trust.

# Look at the numbers, but not too hard

Your listing's dashboard shows its views, votes and followers over time. It is useful for spotting what worked, like the spike on the day a newsletter mentioned you, but one launch is a small sample. What matters more is whether the people who tried it in launch week are still using it a month later.`,
      faqs: [
        {
          question: 'Can I launch again later?',
          answer:
            'A listing launches once. After that, post updates: followers hear about them, and they keep your page current.',
        },
      ],
    },
    {
      slug: 'free-or-paid-launch',
      title: 'Free or paid launch: how to choose',
      excerpt: `Both launches get the same listing, the same week on the calendar and the same votes. The difference is timing, the badge and a few extra sections.`,
      body: `There are two ways to launch on ${f.site}. Both get you the same listing page, the same place in a week's launches and the same community votes. The difference is timing, and a few extras.

# The free launch

A free launch costs nothing. You submit your website, review the listing we draft from it and choose the free launch. We reserve the first week with room ${f.freeWindow} weeks out (there are ${f.freeCapacity} free launches a week). Then you add our small "Listed on ${f.site}" badge to your homepage; once we find it, your launch is scheduled, and your listing goes live on the Monday of that week.

It is a good fit when:

- you are not in a hurry, and a few weeks to prepare are welcome;
- you are happy to put a badge on your site;
- you don't need the founder story, milestones or demo video sections.

# The paid launch

${f.launchPrice ? `A paid launch costs ${f.launchPrice} and skips the queue` : 'A paid launch skips the queue'}: go live today, or pick any week up to ${f.horizonWeeks} weeks ahead (there are ${f.paidCapacity} paid launches a week). No badge is needed. It also unlocks the founder story, milestones and demo video sections, and lets you add more categories.

It fits when:

- your launch date is tied to something else: a release, a conference, an announcement;
- you want the extra sections to tell your story;
- you would rather not put a badge on your homepage.

# What paying doesn't buy

Paying never buys votes or rank. Free and paid launches share the same leaderboard and are ranked by votes alone. Paid placements, like the featured week${f.featuredPrice ? ` (${f.featuredPrice})` : ''} and the billboard, are separate and always labelled as paid.

# Our advice

If you have time, launch free and use the weeks before to prepare. If a date matters, or you want the story sections, pay. Either way, what decides how the week goes is the same: a clear listing, a product people can try, and a maker who answers questions.

The [launch page](/launch) always has the current prices and how many weeks the free queue is.`,
      faqs: [
        {
          question: 'Can I switch from a free launch to a paid one?',
          answer:
            'Yes. While you wait for your free week, you can switch to a paid launch from your listing’s launch page.',
        },
        {
          question: 'Do paid launches rank higher?',
          answer:
            'No. Every launch is ranked by community votes alone; paid placements are shown separately and labelled.',
        },
      ],
    },
    {
      slug: 'adding-the-badge',
      title: 'Adding the launch badge to your site',
      excerpt:
        'A free launch goes live once our badge is on your homepage. What the badge is, where to put it so we can find it, and what to check when we can’t.',
      body: `A free launch on ${f.site} goes live once our badge is on your homepage. Here is what the badge is, where to put it, and what to check if we can't find it.

# What it is

A small image that says "Listed on ${f.site}", linking to your listing page. Your listing's launch page gives you the HTML to paste once you have chosen the free launch. It is a plain link around an image: no script, no cookies, nothing that follows your visitors.

# Where to put it

On your homepage: the page at your listing's website address. The footer is the usual place. It has to be in the HTML we fetch, so:

- if your site renders its footer with JavaScript, put the badge in the HTML your server sends;
- if your homepage redirects, for example from the bare domain to www, that is fine: we follow redirects;
- if your robots.txt blocks crawlers from your homepage, we can't read it either.

# How we check

We look at the homepages of listings waiting for their badge every hour, and you can press "Check my badge now" on your launch page to look straight away. When we find it, your launch moves from waiting for the badge to scheduled.

If the week we reserved starts before we find the badge, your launch moves to the next week with room. Nothing is lost, but it is worth adding the badge early.

# When it isn't found

Check that the link points to your listing page exactly as we gave it, and that the page at your website address contains it: view the page's source rather than looking at the page. The launch page shows the result of the last check, which usually says what was missing.`,
      faqs: [
        {
          question: 'Does a paid launch need the badge?',
          answer: 'No. The badge is only for free launches.',
        },
      ],
    },
    {
      slug: 'notes-from-our-first-launches',
      title: 'Notes from our first hundred launches',
      excerpt: 'Draft: patterns from the listings that did well, and from the ones that did not.',
      body: `Draft, not for publishing yet.

- Specific taglines get more clicks from the list than clever ones. Find two or three examples to show.
- Makers who answered comments within the hour did better over the week.
- Screenshots of the real product beat illustrations.
- Pricing on the page: check how many of the top ten had it.`,
      faqs: [],
      draft: true,
    },
  ];
}
