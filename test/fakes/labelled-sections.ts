// Labelled article sections for the clustering's tests and bench: each section is of a known kind
// (FAQ, pros and cons, conclusion…), on one of several topics that cut across the kinds, with
// varied headings, shared filler and some off-pattern layouts, as crawled blogs look.

// Structurally the ContentBlock and SectionItem of @quire/shared (packages/shared/src/training-data.ts),
// kept local because tsconfig.fakes.json compiles test/fakes alone (rootDir test/fakes).
export type LabelledBlock = { type: 'p' | 'h3' | 'blockquote' | 'code'; text: string } | { type: 'ul' | 'ol'; items: string[] } | { type: 'hr' };

export interface LabelledSection {
  published_date: string | null;
  heading: string;
  originalHeading: string;
  children: LabelledBlock[];
  uuid: string;
  article_uuid: string;
}

interface Topic {
  one: string;
  many: string;
  words: string[];
  products: string[];
  task: string;
}

const TOPICS: Topic[] = [
  {
    one: 'coffee grinder',
    many: 'coffee grinders',
    task: 'clean a coffee grinder',
    products: ['Baratza Encore', 'Fellow Ode', 'Breville Smart Grinder', 'Timemore C2'],
    words: ['burr', 'grind size', 'espresso', 'beans', 'hopper', 'blade', 'conical burrs', 'coarse setting', 'brew', 'flavor', 'retention', 'motor'],
  },
  {
    one: 'running shoe',
    many: 'running shoes',
    task: 'break in new running shoes',
    products: ['Nike Pegasus', 'Hoka Clifton', 'Brooks Ghost', 'Asics Novablast'],
    words: ['cushioning', 'heel drop', 'midsole', 'outsole', 'stride', 'toe box', 'pronation', 'mileage', 'trail', 'tempo runs', 'fit', 'arch support'],
  },
  {
    one: 'mortgage',
    many: 'mortgages',
    task: 'apply for a mortgage',
    products: ['30-year fixed loan', '15-year fixed loan', '5/1 ARM', 'FHA loan'],
    words: [
      'interest rate',
      'lender',
      'down payment',
      'closing costs',
      'amortization',
      'refinancing',
      'escrow',
      'credit score',
      'principal',
      'loan term',
      'pre-approval',
      'points',
    ],
  },
  {
    one: 'laptop',
    many: 'laptops',
    task: 'set up a new laptop',
    products: ['MacBook Air', 'Dell XPS 13', 'Lenovo ThinkPad X1', 'HP Spectre'],
    words: ['battery life', 'display', 'processor', 'RAM', 'SSD', 'keyboard', 'trackpad', 'ports', 'weight', 'graphics card', 'webcam', 'performance'],
  },
  {
    one: 'houseplant',
    many: 'houseplants',
    task: 'repot a houseplant',
    products: ['monstera', 'pothos', 'snake plant', 'fiddle leaf fig'],
    words: [
      'indirect light',
      'watering',
      'potting soil',
      'humidity',
      'drainage holes',
      'leaves',
      'roots',
      'fertilizer',
      'pests',
      'repotting',
      'sunlight',
      'terracotta pot',
    ],
  },
  {
    one: 'electric bike',
    many: 'electric bikes',
    task: 'charge an electric bike battery',
    products: ['RadCity 5', 'Aventon Level', 'Turbo Vado', 'Trek Allant'],
    words: ['motor', 'battery', 'range', 'pedal assist', 'torque', 'frame', 'disc brakes', 'throttle', 'charging', 'commute', 'tires', 'gears'],
  },
  {
    one: 'project management tool',
    many: 'project management tools',
    task: 'set up a project board',
    products: ['Asana', 'Trello', 'Monday.com', 'ClickUp'],
    words: [
      'tasks',
      'kanban boards',
      'timeline',
      'integrations',
      'teams',
      'workflow',
      'dashboard',
      'permissions',
      'templates',
      'reporting',
      'sprints',
      'automation',
    ],
  },
  {
    one: 'dog food',
    many: 'dog foods',
    task: "switch your dog's food",
    products: ['Purina Pro Plan', 'Hill’s Science Diet', 'Blue Buffalo', 'Orijen'],
    words: [
      'protein',
      'kibble',
      'grain-free recipes',
      'ingredients',
      'puppies',
      'allergies',
      'calories',
      'portion size',
      'wet food',
      'nutrition',
      'vet',
      'chicken',
    ],
  },
  {
    one: 'home insurance policy',
    many: 'home insurance policies',
    task: 'file a home insurance claim',
    products: ['State Farm', 'Allstate', 'Lemonade', 'USAA'],
    words: [
      'premium',
      'deductible',
      'coverage',
      'policy limits',
      'claims',
      'liability',
      'dwelling coverage',
      'flood damage',
      'replacement cost',
      'insurer',
      'quote',
      'endorsements',
    ],
  },
  {
    one: 'face serum',
    many: 'face serums',
    task: 'apply a face serum',
    products: ['The Ordinary Niacinamide', 'C-Firma', 'CE Ferulic', 'Retinol B3'],
    words: [
      'vitamin C',
      'retinol',
      'hyaluronic acid',
      'niacinamide',
      'skin barrier',
      'fine lines',
      'hydration',
      'dropper',
      'sensitive skin',
      'pores',
      'sunscreen',
      'texture',
    ],
  },
];

/** Slots: {one} {many} {w} {v} (topic words) {p} {q} (products) {n} (number) {$} (price). */
interface Kind {
  headings: string[];
  sentences: string[];
  items: string[];
  layout: (g: Gen) => LabelledBlock[];
}

const FILLER = [
  'It really depends on your needs and budget.',
  'Everyone’s situation is a little different.',
  'We tested this over several weeks.',
  'Quality varies a lot between brands.',
  'This is something many of our readers ask about.',
  'Read the fine print before you commit.',
  'Small details make a big difference here.',
  'Prices and availability change often.',
  'Our team has years of hands-on experience.',
  'That said, there are a few things worth knowing.',
  'You will find plenty of options at every price point.',
  'We update this page regularly.',
  'Some of the links on this page are affiliate links.',
  'Your mileage may vary.',
  'It’s worth taking a moment to think about how you will use it.',
  'Reviews online are a good place to start.',
  'Not everyone agrees on this, of course.',
  'We asked several experts for their opinion.',
];
const TOPICAL = [
  'The {w} of a {one} makes a real difference.',
  'Most people overlook the {w}.',
  'The {p} is popular for its {w}.',
  'A good {w} and solid {v} go a long way.',
  'Not all {many} handle {w} the same way.',
  'Pay attention to {w} and {v}.',
  'The {p} and the {q} are both well reviewed.',
  '{W} is where {many} differ the most.',
  'Modern {many} offer better {w} than ever.',
  'The {q} has a loyal following thanks to its {v}.',
  'If you care about {w}, the {p} is hard to beat.',
  '{Many} are not one-size-fits-all.',
  'We looked closely at {w}, {v} and overall quality.',
  'The {w} on the {p} impressed us.',
];
const PROS = ['Excellent {w}', 'Great value for money', 'Easy to set up', 'Lightweight and durable', 'Quiet in daily use', 'Strong {w}'];
const CONS = ['Expensive compared to rivals', 'Limited {w}', 'Short warranty', 'Bulky design', 'Can be noisy', 'Steep learning curve', 'Mediocre {v}'];
const TOPIC_HEADINGS = ['{Many}', 'About {many}', 'The {p}', '{Many} in {year}', 'Our experience with the {p}', 'More on {w}'];

const KINDS: Kind[] = [
  {
    // introduction / overview
    headings: [
      'Introduction',
      'Overview',
      'What is a {one}?',
      'Why {many} matter',
      'Understanding {many}',
      'Getting started',
      'Background',
      '{Many} explained',
      'The basics of {many}',
      'A quick overview',
    ],
    sentences: [
      'In this guide, we’ll walk you through everything you need to know about {many}.',
      'Whether you’re a beginner or an expert, choosing among {many} can feel overwhelming.',
      '{Many} have changed a lot over the past few years.',
      'Here’s what you need to know before you start.',
      'We spent months researching {many} so you don’t have to.',
      'Let’s start with the basics of {w}.',
      'A {one} is more than its {w}.',
      'This article covers {w}, {v} and more.',
    ],
    items: ['What a {one} does', 'How {w} works', 'Who needs a {one}', 'Why {v} matters'],
    layout: (g) => (g.chance(0.85) ? g.paras(2, 4) : [...g.paras(1, 1), g.list('ul', 3, 4)]),
  },
  {
    // FAQ
    headings: [
      'FAQ',
      'FAQs',
      'Frequently asked questions',
      'Common questions about {many}',
      'Your questions answered',
      '{One} FAQ',
      'Questions people ask',
      'Q&A',
      'Frequently asked questions about {many}',
      'Reader questions',
    ],
    sentences: [
      'Yes, in most cases it is.',
      'It depends on the {w} you need.',
      'Generally, you should check the {w} first.',
      'No, but it helps with {w}.',
      'Most experts recommend the {p}.',
      'Usually between {n} and {n} months.',
      'Only if {w} is a priority for you.',
      'Absolutely, as long as you watch the {v}.',
    ],
    items: [
      'How often should I replace the {w}?',
      'Is the {p} worth it?',
      'What is the best {one} for beginners?',
      'Can I use {w} with {v}?',
      'How long does a {one} last?',
      'Do I really need {w}?',
      'What’s the difference between {w} and {v}?',
      'Are {many} safe?',
      'Why is my {w} not working?',
    ],
    layout: (g) => {
      const asParagraphs = g.chance(0.15);
      return g.repeat(3, 6, () => [{ type: asParagraphs ? 'p' : 'h3', text: g.fill(g.pick(g.kind.items)) }, ...g.paras(1, 1, 1, 2)]);
    },
  },
  {
    // pros and cons
    headings: [
      'Pros and cons',
      'Advantages and disadvantages',
      'The good and the bad',
      'What we liked and what we didn’t',
      '{One} pros and cons',
      'Benefits and drawbacks',
      'Strengths and weaknesses',
      'Pros and cons of the {p}',
    ],
    sentences: [
      'Here is how the {p} stacks up.',
      'No {one} is perfect, and this one is no exception.',
      'The strengths clearly outweigh the weaknesses.',
      'The downsides are minor for most buyers.',
    ],
    items: [...PROS, ...CONS],
    layout: (g) => {
      const [good, bad] = g.pick([
        ['Pros', 'Cons'],
        ['Advantages', 'Disadvantages'],
        ['What we like', 'What we don’t like'],
        ['The good', 'The bad'],
      ]);
      const label: 'p' | 'h3' = g.chance(0.5) ? 'p' : 'h3';
      if (g.chance(0.15))
        return [...g.paras(1, 1), { type: 'ul', items: [...g.some(PROS, 2, 3).map((t) => `Pro: ${t}`), ...g.some(CONS, 2, 3).map((t) => `Con: ${t}`)] }];
      return [
        ...(g.chance(0.3) ? g.paras(1, 1) : []),
        { type: label, text: good },
        { type: 'ul', items: g.some(PROS, 3, 5) },
        { type: label, text: bad },
        { type: 'ul', items: g.some(CONS, 2, 4) },
      ];
    },
  },
  {
    // how-to steps
    headings: [
      'How to {task}',
      'Step-by-step guide',
      'Steps to follow',
      'Instructions',
      'How to get started with your {one}',
      'Setting up your {one}',
      'The process, step by step',
      'Step by step: {task}',
    ],
    sentences: [
      'Follow these steps in order.',
      'The whole process takes about {n} minutes.',
      'You won’t need any special tools.',
      'Take your time with each step.',
    ],
    items: [
      'Remove the {w} and clean it thoroughly.',
      'Check the {w} before you begin.',
      'Adjust the {w} to your preference.',
      'Wait {n} minutes, then repeat.',
      'Gather everything you need, including the {v}.',
      'Turn it on and test the {w}.',
      'Write down the {w} for later.',
      'Contact support if the {v} looks wrong.',
      'Open the settings and select {w}.',
    ],
    layout: (g) => {
      const intro = g.chance(0.5) ? g.paras(1, 1) : [];
      if (g.chance(0.75)) return [...intro, g.list('ol', 4, 8)];
      return [
        ...intro,
        ...g.repeat(3, 6, (i) => [{ type: 'h3', text: `Step ${i + 1}: ${g.fill(g.pick(g.kind.items)).replace(/\.$/, '')}` }, ...g.paras(1, 1, 1, 2)]),
      ];
    },
  },
  {
    // conclusion
    headings: [
      'Conclusion',
      'Final thoughts',
      'The bottom line',
      'Wrapping up',
      'Our verdict',
      'In conclusion',
      'Final verdict',
      'Is a {one} worth it?',
      'So, which {one} should you buy?',
      'The verdict',
    ],
    sentences: [
      'Overall, the {p} is the best {one} for most people.',
      'In the end, the right choice comes down to your needs.',
      'We hope this guide helps you make the right decision.',
      'If you’re still unsure, start with the {p}.',
      'Ultimately, {w} matters more than brand.',
      'Our top pick remains the {p}.',
      'You can’t go wrong with any of these {many}.',
      'Whatever you choose, enjoy your new {one}.',
    ],
    items: ['Best overall: {p}', 'Best budget pick: {q}'],
    layout: (g) => (g.chance(0.9) ? g.paras(1, 3) : [...g.paras(1, 2), g.list('ul', 2, 2)]),
  },
  {
    // key features
    headings: [
      'Key features',
      'Features',
      'Main features',
      'Highlights',
      'Specifications',
      'Tech specs',
      'What’s included',
      'Features of the {p}',
      'Notable features',
      'Feature overview',
    ],
    sentences: [
      'The {p} packs a lot into a small package.',
      'It comes with {n} {w} options.',
      'Its standout feature is the {w}.',
      'Everything you need is built in.',
    ],
    items: [
      '{W}: {n} settings',
      'Built-in {w}',
      'Adjustable {w}',
      '{n}-year warranty',
      'Weight: {n} lbs',
      'Compatible with {v}',
      'Includes {w}',
      'Dimensions: {n} x {n} inches',
      'Upgraded {v}',
    ],
    layout: (g) => {
      if (g.chance(0.6)) return [...(g.chance(0.4) ? g.paras(1, 1) : []), g.list('ul', 4, 8)];
      return g.repeat(3, 5, () => [{ type: 'h3', text: g.fill('{W}') }, ...g.paras(1, 1, 1, 2)]);
    },
  },
  {
    // pricing
    headings: [
      'Pricing',
      'Price',
      'Cost',
      'How much does a {one} cost?',
      'Plans and pricing',
      'Price and availability',
      'Cost breakdown',
      '{One} prices',
      'What you’ll pay',
    ],
    sentences: [
      'Prices start at ${$} and go up to ${$}.',
      'Expect to pay between ${$} and ${$} for a quality {one}.',
      'The {p} costs ${$}.',
      'Watch for sales around Black Friday.',
      'A monthly plan costs ${$} per user.',
      'The {q} is about ${$} cheaper.',
      'Extra {w} adds roughly ${$} to the total.',
    ],
    items: ['Basic: ${$}/month', 'Standard: ${$}/month', 'Premium: ${$}/month', '{P}: ${$}', '{Q}: ${$}', 'Extra {w}: ${$}'],
    layout: (g) => (g.chance(0.5) ? [...g.paras(1, 1), g.list('ul', 3, 4)] : g.paras(1, 3)),
  },
  {
    // comparison
    headings: [
      '{P} vs {Q}',
      'Comparison',
      'How it compares',
      '{Many} compared',
      'Head-to-head comparison',
      'Comparing the top {many}',
      '{P} vs. {Q}: which is better?',
      'How they stack up',
      'Alternatives to the {p}',
    ],
    sentences: [
      'Compared to the {q}, the {p} has better {w}.',
      'The {p} wins on {w}, while the {q} offers more {v}.',
      'Both have similar {w}, but the {q} is easier to live with.',
      'If {w} matters most, go with the {p}.',
      'The {q} falls behind on {v}.',
      'Side by side, the differences are clear.',
    ],
    items: ['{P}: better {w}', '{Q}: more {v}', '{P}: stronger {v}', '{Q}: cheaper overall'],
    layout: (g) => {
      const r = g.next();
      if (r < 0.5) return g.repeat(2, 3, () => [{ type: 'h3', text: g.fill(g.pick(['{P}', '{Q}'])) }, ...g.paras(1, 1, 2, 3)]);
      if (r < 0.8) return [...g.paras(1, 1), g.list('ul', 2, 4)];
      return g.paras(2, 3);
    },
  },
  {
    // tips
    headings: [
      'Tips',
      'Tips and tricks',
      'Expert tips',
      'Pro tips',
      '{n} tips for {many}',
      'Tips for getting the most out of your {one}',
      'Best practices',
      'Things to keep in mind',
      'Quick tips',
      'Helpful tips',
    ],
    sentences: [
      'Keep the {w} clean.',
      'Try adjusting the {w} gradually.',
      'Store your {one} in a cool, dry place.',
      'Check the {w} every few months.',
      'Use {v} for the best results.',
      'Make sure the {w} is set correctly.',
      'A little care keeps your {one} in great shape.',
    ],
    items: [
      'Keep the {w} clean',
      'Try adjusting the {w} gradually',
      'Store your {one} somewhere cool and dry',
      'Check the {w} every few months',
      'Use {v} for the best results',
      'Make sure the {w} is set correctly',
      'Ask the community about {v}',
    ],
    layout: (g) => {
      const r = g.next();
      if (r < 0.6) return [...(g.chance(0.3) ? g.paras(1, 1) : []), g.list('ul', 4, 7)];
      if (r < 0.9) return g.repeat(3, 5, () => [{ type: 'h3', text: g.fill(g.pick(g.kind.items)) }, ...g.paras(1, 1, 1, 2)]);
      return g.paras(2, 3);
    },
  },
  {
    // summary / key takeaways
    headings: ['Summary', 'Key takeaways', 'TL;DR', 'In summary', 'Quick summary', 'The short version', 'Takeaways', 'Summary of our picks', 'Recap'],
    sentences: [
      'In short, the {p} is the one to get.',
      'To sum up, {w} matters more than {v}.',
      'The key points are simple.',
      'Here is the short version of this guide.',
    ],
    items: ['The {p} is best overall', '{W} matters more than {v}', 'Budget at least ${$}', 'Best for beginners: {q}', 'Skip models without {w}'],
    layout: (g) => (g.chance(0.6) ? [...(g.chance(0.3) ? g.paras(1, 1) : []), g.list('ul', 3, 5)] : g.paras(1, 1, 2, 3)),
  },
  {
    // common mistakes
    headings: [
      'Common mistakes',
      'Mistakes to avoid',
      'What not to do',
      'Pitfalls to avoid',
      'Common {one} mistakes',
      '{n} mistakes to avoid',
      'Avoid these mistakes',
      'Where people go wrong',
    ],
    sentences: [
      'Many people make the mistake of ignoring the {w}.',
      'Don’t buy based on price alone.',
      'Avoid skipping the {w} check.',
      'This mistake can cost you later.',
      'It’s easy to overlook the {v}.',
      'Never forget to check the {w}.',
    ],
    items: [
      'Ignoring the {w}',
      'Buying on price alone',
      'Not checking the {w}',
      'Overlooking the {v}',
      'Skipping regular maintenance',
      'Forgetting about {w}',
      'Rushing the {v}',
    ],
    layout: (g) => {
      const r = g.next();
      if (r < 0.5) return [...(g.chance(0.3) ? g.paras(1, 1) : []), g.list('ul', 3, 6)];
      if (r < 0.9) return g.repeat(3, 5, () => [{ type: 'h3', text: g.fill(g.pick(g.kind.items)) }, ...g.paras(1, 1, 1, 2)]);
      return g.paras(2, 3);
    },
  },
  {
    // buying guide / how to choose
    headings: [
      'How to choose a {one}',
      'Buying guide',
      'What to look for',
      'What to look for in a {one}',
      'Things to consider',
      'Factors to consider',
      'Choosing the right {one}',
      'Before you buy',
      'How we chose',
    ],
    sentences: [
      'Consider how much {w} you need.',
      'Look for a {one} with good {w}.',
      'Think about your budget before anything else.',
      'Pay attention to the {w}.',
      'The right {one} depends on how you use it.',
      'Check reviews for {v} before buying.',
    ],
    items: ['{W}', 'Budget', 'Size and weight', 'Warranty', '{V}', 'Brand reputation'],
    layout: (g) => {
      const r = g.next();
      if (r < 0.55) return g.repeat(3, 5, () => [{ type: 'h3', text: g.fill(g.pick(g.kind.items)) }, ...g.paras(1, 1, 1, 3)]);
      if (r < 0.85) return [...g.paras(1, 1), g.list('ul', 3, 6)];
      return g.paras(2, 3);
    },
  },
];
/** How common each kind is among crawled sections (same order as KINDS). */
const KIND_SHARES = [14, 12, 8, 9, 14, 8, 6, 6, 8, 5, 5, 5];

/** Mulberry32: small, fast and the same on every platform. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

class Gen {
  kind!: Kind;
  topic!: Topic;
  constructor(readonly next: () => number) {}

  chance(p: number): boolean {
    return this.next() < p;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  fill(template: string): string {
    return template.replace(/\{(\w+|\$)\}/g, (_, slot: string) => {
      const value = this.slot(slot.toLowerCase());
      return slot !== '$' && slot[0] !== slot[0].toLowerCase() ? capital(value) : value;
    });
  }
  private slot(name: string): string {
    const t = this.topic;
    if (name === 'w' || name === 'v') return this.pick(t.words);
    if (name === 'p' || name === 'q') return this.pick(t.products);
    if (name === 'n') return String(this.int(2, 12));
    if (name === '$') return String(this.int(2, 90) * 10);
    if (name === 'year') return String(this.int(2021, 2025));
    return name === 'one' ? t.one : name === 'many' ? t.many : t.task;
  }
  /** A sentence: half of the time of the kind, else of another kind, about the topic or plain filler. */
  sentence(): string {
    const r = this.next();
    if (r < 0.5) return this.fill(this.pick(this.kind.sentences));
    if (r < 0.6) return this.fill(this.pick(this.pick(KINDS).sentences));
    return this.fill(r < 0.82 ? this.pick(TOPICAL) : this.pick(FILLER));
  }
  paras(lo: number, hi: number, sentencesLo = 1, sentencesHi = 3): LabelledBlock[] {
    return Array.from({ length: this.int(lo, hi) }, () => ({
      type: 'p' as const,
      text: Array.from({ length: this.int(sentencesLo, sentencesHi) }, () => this.sentence()).join(' '),
    }));
  }
  some(templates: string[], lo: number, hi: number): string[] {
    return Array.from({ length: this.int(lo, hi) }, () => this.fill(this.pick(templates)));
  }
  many(lo: number, hi: number): string[] {
    return this.some(this.kind.items, lo, hi);
  }
  list(type: 'ul' | 'ol', lo: number, hi: number): LabelledBlock {
    return { type, items: this.many(lo, hi) };
  }
  repeat(lo: number, hi: number, make: (i: number) => LabelledBlock[]): LabelledBlock[] {
    return Array.from({ length: this.int(lo, hi) }, (_, i) => make(i)).flat();
  }
  uuid(): string {
    const hex = Array.from({ length: 4 }, () =>
      Math.floor(this.next() * 2 ** 32)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }
}

/** Same rule as the parser: trimmed, numbering and trailing punctuation removed, lower case. */
const normaliseHeading = (h: string) =>
  h
    .trim()
    .replace(/^(\d+[.):]\s*)/, '')
    .replace(/[\s.:;!?]+$/, '')
    .toLowerCase();

function pickKind(g: Gen): number {
  const total = KIND_SHARES.reduce((a, b) => a + b, 0);
  let r = g.next() * total;
  for (let k = 0; k < KIND_SHARES.length; k++) if ((r -= KIND_SHARES[k]) < 0) return k;
  return KIND_SHARES.length - 1;
}

/** `count` sections in articles of 4–8 sections each; labels[i] is the kind of items[i]. */
export function generateLabelledSections(count: number, seed: number): { items: LabelledSection[]; labels: number[] } {
  const g = new Gen(prng(seed));
  const items: LabelledSection[] = [];
  const labels: number[] = [];
  while (items.length < count) {
    g.topic = g.pick(TOPICS);
    const article = g.uuid();
    const date = g.chance(0.8) ? `20${g.int(19, 25)}-0${g.int(1, 9)}-1${g.int(0, 9)}` : null;
    const numbered = g.chance(0.2);
    const sections = Math.min(g.int(4, 8), count - items.length);
    for (let s = 0; s < sections; s++) {
      const kind = pickKind(g);
      g.kind = KINDS[kind];
      // Some headings name only the topic; the body still shows the kind.
      let heading = g.fill(g.chance(0.06) ? g.pick(TOPIC_HEADINGS) : g.pick(g.kind.headings));
      if (g.chance(0.3)) heading = heading.replace(/\b[a-z]/g, (c) => c.toUpperCase());
      if (numbered) heading = `${s + 1}. ${heading}`;
      items.push({
        published_date: date,
        heading: normaliseHeading(heading),
        originalHeading: heading,
        children: g.kind.layout(g),
        uuid: g.uuid(),
        article_uuid: article,
      });
      labels.push(kind);
    }
  }
  return { items, labels };
}

const pairs = (x: number) => (x * (x - 1)) / 2;

/** Adjusted Rand index of two labelings of the same items: 1 when identical, about 0 when random. */
export function adjustedRandIndex(a: number[], b: number[]): number {
  if (a.length !== b.length) throw new Error('labelings differ in length');
  const joint = new Map<string, number>();
  const rows = new Map<number, number>();
  const cols = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    joint.set(`${a[i]}:${b[i]}`, (joint.get(`${a[i]}:${b[i]}`) ?? 0) + 1);
    rows.set(a[i], (rows.get(a[i]) ?? 0) + 1);
    cols.set(b[i], (cols.get(b[i]) ?? 0) + 1);
  }
  let index = 0;
  for (const n of joint.values()) index += pairs(n);
  let sumRows = 0;
  let sumCols = 0;
  for (const n of rows.values()) sumRows += pairs(n);
  for (const n of cols.values()) sumCols += pairs(n);
  const expected = (sumRows * sumCols) / pairs(a.length);
  const max = (sumRows + sumCols) / 2;
  return max === expected ? 1 : (index - expected) / (max - expected);
}
