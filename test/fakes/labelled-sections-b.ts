// A second labelled set for the clustering's tests and bench, made differently from
// labelled-sections.ts so that a clustering tuned on one is checked on the other: other topics,
// other wordings of the same twelve kinds (headings, sentences, list items), other layouts, and
// sections from 1 to 40 sentences long (most short, a few very long). Labels are the kinds in the
// order of labelled-sections.ts: intro, FAQ, pros and cons, how-to, conclusion, features, pricing,
// comparison, tips, summary, mistakes, buying guide.
import type { LabelledBlock, LabelledSection } from './labelled-sections';

interface Topic {
  one: string;
  many: string;
  things: string[];
  brands: string[];
}

const TOPICS: Topic[] = [
  {
    one: 'e-bike',
    many: 'e-bikes',
    things: ['battery range', 'hub motor', 'pedal assist', 'frame size', 'torque sensor', 'hydraulic brakes', 'charger', 'tyres'],
    brands: ['Rad Power RadCity', 'Trek Allant+', 'Specialized Turbo Vado', 'Cowboy 4'],
  },
  {
    one: 'sourdough loaf',
    many: 'sourdough loaves',
    things: ['starter', 'hydration', 'bulk fermentation', 'banneton', 'crumb', 'crust', 'autolyse', 'Dutch oven'],
    brands: ['King Arthur bread flour', 'Caputo Tipo 00', 'Bob’s Red Mill rye', 'Challenger bread pan'],
  },
  {
    one: 'home insurance policy',
    many: 'home insurance policies',
    things: ['deductible', 'premium', 'liability cover', 'flood rider', 'claims process', 'replacement cost', 'excess', 'policy limits'],
    brands: ['Lemonade', 'State Farm', 'Allstate', 'Hippo'],
  },
  {
    one: 'solar panel',
    many: 'solar panels',
    things: ['inverter', 'kilowatt-hours', 'roof angle', 'net metering', 'panel efficiency', 'battery storage', 'shading', 'payback period'],
    brands: ['SunPower Maxeon', 'Tesla Powerwall', 'Enphase IQ8', 'REC Alpha'],
  },
  {
    one: 'project management tool',
    many: 'project management tools',
    things: ['kanban boards', 'Gantt charts', 'integrations', 'permissions', 'time tracking', 'templates', 'automations', 'reporting'],
    brands: ['Asana', 'Trello', 'Monday.com', 'ClickUp'],
  },
  {
    one: 'puppy',
    many: 'puppies',
    things: ['crate training', 'leash pulling', 'recall', 'socialisation', 'chew toys', 'house training', 'treat rewards', 'vet visits'],
    brands: ['Kong Classic', 'PetSafe Easy Walk', 'Ruffwear Front Range', 'Furbo camera'],
  },
  {
    one: 'road trip',
    many: 'road trips',
    things: ['itinerary', 'fuel stops', 'campgrounds', 'scenic routes', 'rental car', 'packing list', 'rest days', 'national parks'],
    brands: ['Route 66', 'the Pacific Coast Highway', 'the Blue Ridge Parkway', 'the Ring Road'],
  },
  {
    one: 'mechanical keyboard',
    many: 'mechanical keyboards',
    things: ['switches', 'keycaps', 'hot-swap sockets', 'stabilisers', 'layout', 'actuation force', 'firmware', 'wrist rest'],
    brands: ['Keychron Q1', 'Logitech G915', 'Ducky One 3', 'Razer BlackWidow'],
  },
];

interface Kind {
  headings: string[];
  sentences: string[];
  /** List entries or sub-headings, depending on the layout. */
  entries: string[];
  layout: 'prose' | 'qa' | 'two-lists' | 'numbered' | 'bullets' | 'subheads' | 'table';
}

const KINDS: Kind[] = [
  {
    headings: ['Why this guide', 'Setting the scene', 'First things first', 'Where to begin', 'A little context', 'Meet the {one}', 'Who this is for'],
    sentences: [
      'This piece sets out what matters when it comes to {many}.',
      'If you are new to {many}, start here.',
      'Over the next few sections we cover {t}, {u} and a lot more.',
      'Before diving in, it helps to know what a {one} actually is.',
      'We wrote this for anyone weighing up {many} for the first time.',
      'Think of this as a map of the ground ahead.',
    ],
    entries: [],
    layout: 'prose',
  },
  {
    headings: ['Reader mailbag', 'You asked, we answered', 'Ask us anything', 'Quick answers', 'Things people want to know', 'Questions we get a lot'],
    sentences: [
      'Short answer: yes, within reason.',
      'That varies with the {t}.',
      'Not usually, unless {u} is a concern.',
      'Most owners find {n} weeks is enough.',
      'In our experience, it rarely matters.',
      'Only if you plan to rely on the {t}.',
    ],
    entries: [
      'Is a {one} worth the money?',
      'How long does the {t} last?',
      'Can beginners handle {u}?',
      'Does {b} need special care?',
      'What happens if the {t} fails?',
      'Should I worry about {u}?',
    ],
    layout: 'qa',
  },
  {
    headings: [
      'Upsides and downsides',
      'Where it shines, where it stumbles',
      'Plus points and minus points',
      'Hits and misses',
      'Love it or leave it',
      'The trade-offs',
    ],
    sentences: [
      'No {one} is perfect, and this one is no exception.',
      'The strengths are clear, but so are the compromises.',
      'On balance the positives win out.',
      'Some of the drawbacks will not matter to everyone.',
    ],
    entries: ['Superb {t}', 'Sensible price', 'Feels well built', 'Weak {u}', 'Pricey extras', 'Awkward {t}', 'Fiddly setup', 'Generous warranty'],
    layout: 'two-lists',
  },
  {
    headings: ['Walkthrough', 'Doing it yourself', 'The process', 'Putting it together', 'From start to finish', 'Your first {one}, stage by stage'],
    sentences: [
      'First, gather everything you need for the {t}.',
      'Next, check the {u} carefully.',
      'Then repeat the process until it feels natural.',
      'Once that is done, move on to the {t}.',
      'Finally, test everything before you finish.',
      'Take your time on this stage.',
    ],
    entries: ['Prepare the {t}', 'Adjust the {u}', 'Check the {t} again', 'Let it rest', 'Test the result', 'Tidy up'],
    layout: 'numbered',
  },
  {
    headings: ['Closing thoughts', 'Parting words', 'So, is it worth it?', 'Where we landed', 'Last word', 'All things considered'],
    sentences: [
      'All in all, a {one} is a sound choice for most people.',
      'We would happily recommend the {b}.',
      'If you take one thing away, let it be the {t}.',
      'It is not for everyone, but it earns its place.',
      'That is where we come down after months of use.',
      'We hope this helps you decide.',
    ],
    entries: [],
    layout: 'prose',
  },
  {
    headings: ['What you get', 'Under the hood', 'Spec sheet', 'The feature list', 'What’s inside', 'Standout capabilities'],
    sentences: ['Here is what stands out on paper.', 'The spec sheet is generous for the price.', 'A few of these are rare at this level.'],
    entries: ['{T}: class-leading', '{U}: adjustable', 'Weight: {n} kg', 'Warranty: {n} years', '{T} with smart controls', 'Connectivity: app and Bluetooth'],
    layout: 'table',
  },
  {
    headings: ['How much it costs', 'Money matters', 'What you’ll pay', 'The price tag', 'Budgeting for a {one}', 'Is it affordable?'],
    sentences: [
      'Expect to pay around ${d} for an entry model.',
      'Premium versions run closer to ${d}.',
      'Monthly fees start at ${d}.',
      'Discounts appear around the holidays.',
      'Factor in ${d} a year for upkeep of the {t}.',
    ],
    entries: ['Starter: ${d}', 'Standard: ${d}', 'Premium: ${d}', 'Add-ons from ${d}'],
    layout: 'bullets',
  },
  {
    headings: ['{B} against {C}', 'Side by side', 'How it measures up', 'Rivals worth a look', 'Picking between {B} and {C}', 'The competition'],
    sentences: [
      'The {b} edges ahead on {t}, while the {c} is cheaper.',
      'Against its rivals, it holds up well.',
      'If {u} matters most, the {c} is the better bet.',
      'Both are good; the difference is in the {t}.',
      'The {b} costs more but lasts longer than the {c}.',
    ],
    entries: [],
    layout: 'prose',
  },
  {
    headings: ['Pro advice', 'Tricks of the trade', 'Lessons we learned', 'Make the most of your {one}', 'Little things that help', 'Insider hints'],
    sentences: [
      'Keep the {t} clean and it will last far longer.',
      'A little patience with the {u} pays off.',
      'Try adjusting one thing at a time.',
      'Store it somewhere dry when not in use.',
      'Write down what works so you can repeat it.',
    ],
    entries: ['Clean the {t} weekly', 'Check the {u} before each use', 'Keep spares of the {t}', 'Start small', 'Ask the community'],
    layout: 'bullets',
  },
  {
    headings: ['In a nutshell', 'The gist', 'At a glance: what to remember', 'Cheat sheet', 'Key points', 'Short on time?'],
    sentences: ['The short of it: {t} first, {u} second.', 'Remember these points and you will be fine.', 'Here is everything above, condensed.'],
    entries: ['{T} matters most', 'Budget for {u}', 'The {b} is our pick', 'Avoid cheap {t}', 'Plan ahead'],
    layout: 'bullets',
  },
  {
    headings: ['Where people go wrong', 'Don’t do this', 'Traps to avoid', 'Errors we see all the time', 'Learn from our blunders', 'Oops moments'],
    sentences: [
      'The most frequent error is ignoring the {t}.',
      'Many people rush the {u} and regret it.',
      'Avoid buying on price alone.',
      'We made this slip ourselves early on.',
      'It is easy to forget the {t} until it is too late.',
    ],
    entries: ['Ignoring the {t}', 'Rushing the {u}', 'Buying on price alone', 'Skipping the manual', 'Overdoing the {t}'],
    layout: 'subheads',
  },
  {
    headings: [
      'Shopping checklist',
      'Deciding what to get',
      'Finding your match',
      'Which {one} suits you',
      'Narrowing it down',
      'Questions to ask before paying',
    ],
    sentences: [
      'Start by asking how you will use it day to day.',
      'Weigh the {t} against your budget.',
      'A model with better {u} may save money later.',
      'Try before you commit if you can.',
      'Match the {one} to your space and habits.',
    ],
    entries: ['How you’ll use it', 'The {t}', 'Your budget', 'Space at home', 'The {u}', 'After-sales support'],
    layout: 'subheads',
  },
];

/** How common each kind is (same order as KINDS); differs from the first set on purpose. */
const KIND_SHARES = [12, 8, 7, 10, 12, 7, 6, 7, 10, 6, 7, 8];

const TOPICAL = [
  'The {t} on the {b} is genuinely impressive.',
  'Not every {one} gets the {u} right.',
  '{T} and {u} are what owners talk about most.',
  'The {c} has a reputation for its {t}.',
  'We spent a long weekend testing the {u}.',
  'Prices for {many} have dropped this year.',
];
const FILLER = [
  'Of course, your own experience may differ.',
  'We buy everything we review with our own money.',
  'This section was updated last month.',
  'Reader feedback shaped much of what follows.',
  'It is worth reading to the end.',
  'There is no single right answer here.',
];

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return ((t ^ (t >>> 15)) >>> 0) / 4294967296;
  };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

class Gen {
  kind!: Kind;
  topic!: Topic;
  constructor(readonly next: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  fill(template: string): string {
    return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
      const lower = slot.toLowerCase();
      const t = this.topic;
      const values: Record<string, () => string> = {
        t: () => this.pick(t.things),
        u: () => this.pick(t.things),
        b: () => this.pick(t.brands),
        c: () => this.pick(t.brands),
        n: () => String(this.int(2, 9)),
        d: () => String(this.int(3, 200) * 5),
        one: () => t.one,
        many: () => t.many,
      };
      const value = values[lower]();
      return slot === lower ? value : capital(value);
    });
  }
  /** A sentence: mostly of the kind, sometimes about the topic, filler, or another kind's. */
  sentence(): string {
    const r = this.next();
    if (r < 0.55) return this.fill(this.pick(this.kind.sentences));
    if (r < 0.65) return this.fill(this.pick(this.pick(KINDS).sentences));
    return this.fill(r < 0.85 ? this.pick(TOPICAL) : this.pick(FILLER));
  }
  sentences(count: number): string {
    return Array.from({ length: count }, () => this.sentence()).join(' ');
  }
  entry(): string {
    return this.fill(this.pick(this.kind.entries));
  }
  /** Paragraphs holding `count` sentences, 1 to 5 a paragraph. */
  paragraphs(count: number): LabelledBlock[] {
    const blocks: LabelledBlock[] = [];
    while (count > 0) {
      const take = Math.min(count, this.int(1, 5));
      blocks.push({ type: 'p', text: this.sentences(take) });
      count -= take;
    }
    return blocks;
  }
  /** The section's blocks, `count` sentences in all (list entries count as sentences). */
  body(count: number): LabelledBlock[] {
    const kind = this.kind;
    if (kind.layout === 'prose' || kind.entries.length === 0 || count === 1) return this.paragraphs(count);
    const lead = this.next() < 0.4 ? 1 : 0;
    const rest = count - lead;
    const blocks = lead ? this.paragraphs(lead) : [];
    switch (kind.layout) {
      case 'qa':
      case 'subheads': {
        // A sub-heading (a question, or a point) and a short answer, until the sentences run out.
        let left = rest;
        while (left > 0) {
          blocks.push({ type: kind.layout === 'qa' && this.next() < 0.3 ? 'p' : 'h3', text: this.entry() });
          const take = Math.min(left, this.int(1, 3));
          blocks.push({ type: 'p', text: this.sentences(take) });
          left -= take;
        }
        return blocks;
      }
      case 'two-lists': {
        const half = Math.max(1, Math.floor(rest / 2));
        blocks.push({ type: 'h3', text: this.pick(['What works', 'The upsides', 'Plus points']) });
        blocks.push({ type: 'ul', items: Array.from({ length: half }, () => this.entry()) });
        blocks.push({ type: 'h3', text: this.pick(['What doesn’t', 'The downsides', 'Minus points']) });
        blocks.push({ type: 'ul', items: Array.from({ length: Math.max(1, rest - half) }, () => this.entry()) });
        return blocks;
      }
      case 'numbered':
        if (this.next() < 0.5) return [...blocks, { type: 'ol', items: Array.from({ length: rest }, () => `${this.entry()}. ${this.sentence()}`) }];
        return [...blocks, ...Array.from({ length: rest }, (_, i) => ({ type: 'p' as const, text: `Stage ${i + 1}: ${this.sentence()}` }))];
      case 'table':
        return [...blocks, { type: 'ul', items: Array.from({ length: rest }, () => `${this.entry()} | ${this.fill('{t}')}`) }];
      default:
        return [...blocks, { type: 'ul', items: Array.from({ length: rest }, () => this.entry()) }];
    }
  }
  uuid(): string {
    const hex = Array.from({ length: 4 }, () =>
      Math.floor(this.next() * 2 ** 32)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-b${hex.slice(17, 20)}-${hex.slice(20)}`;
  }
}

function pickKind(g: Gen): number {
  const total = KIND_SHARES.reduce((a, b) => a + b, 0);
  let r = g.next() * total;
  for (let k = 0; k < KIND_SHARES.length; k++) if ((r -= KIND_SHARES[k]) < 0) return k;
  return KIND_SHARES.length - 1;
}

/** 1 to 40 sentences: most sections short, one in ten over 20. */
function sectionLength(g: Gen): number {
  return 1 + Math.floor(39 * g.next() ** 2.2);
}

/** `count` sections in articles of 3–10 sections each; labels[i] is the kind of items[i]. */
export function generateLabelledSectionsB(count: number, seed: number): { items: LabelledSection[]; labels: number[] } {
  const g = new Gen(prng(seed));
  const items: LabelledSection[] = [];
  const labels: number[] = [];
  while (items.length < count) {
    g.topic = g.pick(TOPICS);
    const article = g.uuid();
    const date = g.next() < 0.7 ? `202${g.int(0, 5)}-1${g.int(0, 2)}-2${g.int(0, 8)}` : null;
    const sections = Math.min(g.int(3, 10), count - items.length);
    for (let s = 0; s < sections; s++) {
      const kind = pickKind(g);
      g.kind = KINDS[kind];
      let heading = g.fill(g.pick(g.kind.headings));
      if (g.next() < 0.25) heading = heading.toUpperCase();
      items.push({
        published_date: date,
        heading: heading
          .trim()
          .replace(/[\s.:;!?]+$/, '')
          .toLowerCase(),
        originalHeading: heading,
        children: g.body(sectionLength(g)),
        uuid: g.uuid(),
        article_uuid: article,
      });
      labels.push(kind);
    }
  }
  return { items, labels };
}
