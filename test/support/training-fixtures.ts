/**
 * What the fixture website (test/fixtures/site, served by test/fakes/fixture-site.ts) holds, as
 * the training e2e tests expect the crawl to find it. cast-iron-care.html is not in the sitemap:
 * the sitemap's /old-post redirects to it. about.html has no sub-headings but four paragraphs: an
 * intro-only article (its title and body are one item of the h1s-and-intros pool, no sections).
 */
export const SITE_ARTICLES: { path: string; title: string; date: string | null }[] = [
  { path: '/blog/automate-backups-with-rsync.html', title: 'Automate Your Backups With rsync and cron', date: '2024-02-14' },
  { path: '/blog/beginner-guide-to-bouldering.html', title: "A Beginner's Guide to Bouldering", date: '2024-01-30' },
  { path: '/blog/best-espresso-grinders-2024.html', title: 'The Best Espresso Grinders for Home Baristas in 2024', date: '2024-01-08' },
  { path: '/blog/budget-travel-europe-by-train.html', title: 'Budget Travel Across Europe by Train', date: '2024-06-10' },
  { path: '/blog/cast-iron-care.html', title: 'The Complete Guide to Cast Iron Care', date: '2024-05-28' },
  { path: '/blog/e-bike-commuting-tips.html', title: 'E-Bike Commuting: Tips From a Year of Riding to Work', date: '2024-04-22' },
  { path: '/blog/home-wifi-mesh-setup.html', title: 'How to Set Up a Mesh Wi-Fi Network at Home', date: '2024-05-16' },
  { path: '/blog/houseplants-for-low-light.html', title: '10 Houseplants That Thrive in Low Light', date: '2024-05-03' },
  { path: '/blog/how-to-start-a-sourdough-starter.html', title: 'How to Start a Sourdough Starter From Scratch', date: '2024-01-19' },
  { path: '/blog/learn-touch-typing.html', title: 'Learn Touch Typing in 30 Days', date: '2024-04-09' },
  { path: '/blog/meal-prep-for-busy-weeks.html', title: 'Meal Prep for Busy Weeks: A Practical System', date: '2024-03-29' },
  { path: '/blog/mechanical-keyboard-buying-guide.html', title: 'Mechanical Keyboard Buying Guide for Beginners', date: null },
  { path: '/blog/noise-cancelling-headphones-compared.html', title: 'Noise-Cancelling Headphones Compared: Sony vs Bose vs Apple', date: '2024-03-18' },
  { path: '/blog/raised-bed-vegetable-garden.html', title: 'Building a Raised Bed Vegetable Garden on a Budget', date: '2024-03-05' },
  { path: '/blog/standing-desk-review.html', title: 'FlexiRise Pro Standing Desk Review: Six Months Later', date: '2024-02-06' },
  { path: '/blog/winter-camping-checklist.html', title: 'The Ultimate Winter Camping Checklist', date: '2024-02-27' },
  { path: '/about.html', title: 'About The Weekend Workshop', date: null },
];

/** Sitemap URLs: 15 posts, /old-post, /private/secret.html, and four pages (about, contact, a tag listing, a PDF). */
export const SITE_PAGES_FOUND = 21;

/** Pages the crawl skips, with how many. */
export const SITE_SKIPPED: [RegExp, number][] = [
  [/^disallowed by robots\.txt$/, 1],
  // contact.html: a line of text above a form; about.html is an (intro-only) article now.
  [/^no article content$/, 1],
  [/^listing page$/, 1],
  [/^not HTML \(application\/pdf\)$/, 1],
];

/**
 * The completed job's message: what the pages gave, with the three commonest skip reasons (ties in
 * crawl order, so the PDF's reason is the one left out).
 */
export const SITE_SUMMARY = '16 pages gave sections, 1 intro only, 4 nothing (1 × disallowed by robots.txt; 1 × listing page; 1 × no article content).';
