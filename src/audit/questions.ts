// The question bank: 7 sections and 26 questions, written for the owner of a small
// rural business - an inn, a contractor, a shop, a cafe. Ids, section names and the scores of
// primary_goal, lead_generation and lead_tracking are fixed by the spec.
import type { AuditOption, AuditQuestion, AuditSection } from './types'

/**
 * Stored with every audit. Bump it whenever a question id, option value or score changes, so an
 * old audit is never read against a different question set (a unit test guards this).
 */
export const QUESTION_SET_VERSION = '2026-11.1'

/** Stored in place of a skipped question; it scores 0. */
export const ANSWER_NOT_GIVEN = 'Did not answer'

/** The option value that carries a free-text answer. */
export const OTHER_VALUE = 'other'

/** Longest free-text answer accepted for an `other` option. */
export const OTHER_TEXT_MAX_LENGTH = 500

type QuestionDraft = Omit<AuditQuestion, 'section'>

function section(name: string, intro: string, drafts: QuestionDraft[]): AuditSection {
  return { name, intro, questions: drafts.map((q) => ({ ...q, section: name })) }
}

export const sections: readonly AuditSection[] = [
  section(
    'Business Goals & Lead Generation',
    'What you want from the year ahead, and where new customers come from today.',
    [
      {
        id: 'primary_goal',
        text: 'What matters most for your business over the next 12 months?',
        options: [
          {
            value: 'increase_leads',
            label: 'More people calling, e-mailing or walking in',
            score: 10,
          },
          { value: 'grow_revenue', label: 'More revenue from each customer or job', score: 10 },
          {
            value: 'improve_efficiency',
            label: 'Less time on paperwork, scheduling and busywork',
            score: 10,
          },
          { value: 'reduce_costs', label: 'Cutting costs', score: 8 },
          { value: 'other', label: 'Something else', score: 5 },
        ],
      },
      {
        id: 'lead_generation',
        text: 'Where do most of your new customers come from?',
        options: [
          {
            value: 'multiple_channels',
            label: 'Several places: my website, Google, social media and referrals',
            score: 10,
          },
          { value: 'website_only', label: 'Mostly my website or my Google listing', score: 7 },
          { value: 'word_of_mouth', label: 'Mostly word of mouth', score: 5 },
          { value: 'no_system', label: "No steady source: it's hit or miss", score: 0 },
        ],
      },
      {
        id: 'lead_tracking',
        text: 'When someone asks about your services, where do their name and request end up?',
        options: [
          {
            value: 'crm_system',
            label: 'In a customer system (a CRM) that reminds me to follow up',
            score: 10,
          },
          { value: 'spreadsheets', label: 'In a spreadsheet or a shared list', score: 5 },
          { value: 'manual', label: 'On paper, sticky notes or in my head', score: 0 },
          {
            value: 'none',
            label: 'Nowhere in particular: they stay in my inbox or voicemail',
            score: 0,
          },
        ],
      },
    ],
  ),
  section(
    'Website & Lead Generation',
    'After hours your website is your front door. How easily does it let people in?',
    [
      {
        id: 'website_conversion',
        text: 'When someone lands on your website, how easy is it to contact or book you?',
        options: [
          {
            value: 'clear_call_to_action',
            label: 'Very easy: a clear Call, Book or Get a Quote button on every page',
            score: 10,
          },
          {
            value: 'contact_page_only',
            label: 'They can find my phone number or e-mail on a contact page',
            score: 5,
          },
          {
            value: 'no_website',
            label: "I don't have a website, or it's badly out of date",
            score: 0,
          },
        ],
      },
      {
        id: 'lead_capture',
        text: 'Can people ask for a quote, book, or leave their details on your website at any hour?',
        options: [
          {
            value: 'online_forms_booking',
            label: 'Yes: online booking or a quote form that lands in my inbox',
            score: 10,
          },
          {
            value: 'email_link_only',
            label: "They can e-mail me from the site, but there's no form or booking",
            score: 5,
          },
          { value: 'no_capture', label: 'No: they have to call during business hours', score: 0 },
        ],
      },
      {
        id: 'mobile_optimization',
        text: 'How does your website look and work on a phone?',
        options: [
          {
            value: 'mobile_friendly',
            label: 'Works well: easy to read, tap to call, quick to load',
            score: 10,
          },
          {
            value: 'partially_mobile',
            label: "Usable, but you have to pinch and zoom, or it's slow",
            score: 5,
          },
          { value: 'not_mobile', label: "Poorly, or I've never checked", score: 0 },
        ],
      },
    ],
  ),
  section('Business Process Efficiency', 'Where the hours go once the work comes in.', [
    {
      id: 'task_automation',
      text: 'How do routine messages like reminders, invoices and confirmations go out?',
      options: [
        {
          value: 'mostly_automated',
          label: 'Mostly on their own: my software sends them',
          score: 10,
        },
        { value: 'some_automation', label: 'A mix: some automatic, some by hand', score: 5 },
        { value: 'all_manual', label: 'All by hand, one at a time', score: 0 },
      ],
    },
    {
      id: 'time_management',
      text: 'In a typical week, how many hours go to paperwork, scheduling and admin?',
      options: [
        { value: 'under_5_hours', label: 'Under 5 hours', score: 10 },
        { value: 'five_to_10_hours', label: '5 to 10 hours', score: 5 },
        { value: 'over_10_hours', label: 'More than 10 hours', score: 0 },
      ],
    },
    {
      id: 'customer_communication',
      text: 'How do customers hear about appointment times, job progress or an order being ready?',
      options: [
        {
          value: 'automated_updates',
          label: 'An automatic text or e-mail at each step',
          score: 10,
        },
        { value: 'manual_updates', label: 'I call or text each one myself', score: 5 },
        { value: 'customers_call_us', label: 'Usually they call us to ask', score: 0 },
      ],
    },
    {
      id: 'data_organization',
      text: "When you need a customer's details, an old quote or an invoice, how long does it take to find?",
      options: [
        { value: 'centralized_system', label: "Seconds: it's all in one system", score: 10 },
        {
          value: 'scattered_files',
          label: "A few minutes: it's spread across e-mail, folders and my phone",
          score: 5,
        },
        {
          value: 'paper_or_memory',
          label: 'It can take a while: paper files, or I rely on memory',
          score: 0,
        },
      ],
    },
  ]),
  section(
    'Marketing & Lead Nurturing',
    'Staying in front of people between the first hello and the next job.',
    [
      {
        id: 'email_marketing',
        text: 'Do you keep in touch with past customers by e-mail?',
        options: [
          {
            value: 'regular_newsletter',
            label: 'Yes: a regular newsletter or seasonal e-mails',
            score: 10,
          },
          { value: 'occasional_emails', label: 'Once in a while, when I think of it', score: 5 },
          { value: 'no_email', label: 'No', score: 0 },
        ],
      },
      {
        id: 'social_media_strategy',
        text: 'How do you use social media (Facebook, Instagram and the like) for the business?',
        options: [
          {
            value: 'planned_posting',
            label: 'I post on a plan, at least weekly, and answer messages',
            score: 10,
          },
          { value: 'occasional_posting', label: "Now and then, when there's time", score: 5 },
          { value: 'no_social', label: "I don't really use it for the business", score: 0 },
        ],
      },
      {
        id: 'referral_system',
        text: 'How do you get referrals from happy customers?',
        options: [
          {
            value: 'active_referral_program',
            label: 'I ask at the right moment and thank or reward people who refer',
            score: 10,
          },
          { value: 'passive_referrals', label: "They happen, but I don't ask", score: 5 },
          { value: 'no_referrals', label: 'Referrals are rare', score: 0 },
        ],
      },
      {
        id: 'follow_up_process',
        text: 'When someone asks for a quote or a price and does not book, what happens next?',
        options: [
          {
            value: 'systematic_follow_up',
            label: 'They hear from us again on a set schedule',
            score: 10,
          },
          { value: 'occasional_follow_up', label: 'I follow up if I remember', score: 5 },
          {
            value: 'no_follow_up',
            label: 'Usually nothing: I wait for them to come back',
            score: 0,
          },
        ],
      },
    ],
  ),
  section(
    'Customer Experience & Retention',
    'What it feels like to be your customer, and whether they come back.',
    [
      {
        id: 'customer_onboarding',
        text: 'What happens right after a customer says yes (books, signs or buys)?',
        options: [
          {
            value: 'welcome_process',
            label: 'They get a clear welcome: what happens next, when, and what it costs',
            score: 10,
          },
          { value: 'informal_welcome', label: 'I explain things as we go', score: 5 },
          { value: 'no_onboarding', label: 'Nothing set: each one is different', score: 0 },
        ],
      },
      {
        id: 'customer_support',
        text: 'When a customer calls, texts or e-mails with a question, how soon do they hear back?',
        options: [
          { value: 'same_day', label: 'The same business day, almost always', score: 10 },
          { value: 'within_few_days', label: 'Within a few days', score: 5 },
          { value: 'inconsistent', label: 'It depends on how busy we are', score: 0 },
        ],
      },
      {
        id: 'customer_feedback',
        text: 'How do you find out what customers think of you?',
        options: [
          {
            value: 'regular_reviews',
            label: 'I ask every customer for a review or a quick comment',
            score: 10,
          },
          { value: 'occasional_feedback', label: 'When someone offers it', score: 5 },
          { value: 'no_feedback', label: "I don't really ask", score: 0 },
        ],
      },
      {
        id: 'retention_strategy',
        text: 'What brings past customers back?',
        options: [
          {
            value: 'planned_retention',
            label: 'Planned reminders or perks: seasonal service, rebooking, loyalty offers',
            score: 10,
          },
          {
            value: 'repeat_by_chance',
            label: 'They come back on their own if they think of us',
            score: 5,
          },
          { value: 'no_retention', label: 'Most customers are one-time', score: 0 },
        ],
      },
    ],
  ),
  section('Analytics & Performance Tracking', 'Knowing your numbers, without a finance degree.', [
    {
      id: 'conversion_tracking',
      text: 'Do you know how many enquiries turn into paying customers?',
      options: [
        { value: 'tracked', label: 'Yes: I track it and know the number', score: 10 },
        { value: 'rough_idea', label: 'I have a rough idea', score: 5 },
        { value: 'not_tracked', label: 'No idea', score: 0 },
      ],
    },
    {
      id: 'performance_metrics',
      text: 'Which numbers do you look at regularly?',
      options: [
        {
          value: 'weekly_key_numbers',
          label: 'A few key numbers every week: sales, bookings or jobs, and cash',
          score: 10,
        },
        { value: 'bank_balance_only', label: 'Mainly the bank balance', score: 5 },
        { value: 'no_metrics', label: 'Not much until tax time', score: 0 },
      ],
    },
    {
      id: 'data_driven_decisions',
      text: 'How do you decide where to spend on marketing or what to change?',
      options: [
        {
          value: 'data_based',
          label: 'I look at what actually brought customers in before I decide',
          score: 10,
        },
        { value: 'mix_gut_data', label: 'Part numbers, part gut feeling', score: 5 },
        { value: 'gut_feeling', label: 'Gut feeling, or whoever calls selling ads', score: 0 },
      ],
    },
    {
      id: 'reporting_system',
      text: 'How do you find out how last month went?',
      options: [
        {
          value: 'monthly_reports',
          label: 'A monthly report from my software or my bookkeeper',
          score: 10,
        },
        { value: 'manual_reports', label: 'I pull it together myself when I have time', score: 5 },
        {
          value: 'no_reports',
          label: 'I wait for the year-end numbers from my accountant',
          score: 0,
        },
      ],
    },
  ]),
  section(
    'Business Growth & Scalability',
    'Whether the business could take on more without taking more of you.',
    [
      {
        id: 'growth_planning',
        text: 'Do you have a written plan for the coming year?',
        options: [
          {
            value: 'written_plan',
            label: 'Yes, with goals and numbers, and I check it',
            score: 10,
          },
          { value: 'informal_plan', label: 'Some goals, mostly in my head', score: 5 },
          { value: 'no_plan', label: 'No: I take it as it comes', score: 0 },
        ],
      },
      {
        id: 'scalability_systems',
        text: 'If work doubled next season, could your booking, quoting and billing keep up?',
        options: [
          { value: 'ready_to_scale', label: 'Yes, without much change', score: 10 },
          { value: 'some_strain', label: "Mostly, but I'd be doing paperwork at night", score: 5 },
          { value: 'would_break', label: "No: I'd have to turn work away", score: 0 },
        ],
      },
      {
        id: 'team_efficiency',
        text: 'Could someone else (staff, family, a seasonal hire) handle a routine job without calling you?',
        options: [
          { value: 'documented_processes', label: 'Yes: the steps are written down', score: 10 },
          { value: 'some_questions', label: "Mostly, but they'd call me with questions", score: 5 },
          { value: 'owner_does_everything', label: 'No: everything runs through me', score: 0 },
        ],
      },
      {
        id: 'technology_integration',
        text: 'Do your tools (booking, payments, accounting, e-mail) share information?',
        options: [
          {
            value: 'integrated_tools',
            label: 'Yes: information moves between them on its own',
            score: 10,
          },
          { value: 'some_integration', label: 'Some do; I copy the rest by hand', score: 5 },
          {
            value: 'disconnected_tools',
            label: 'No: I type the same details into several places',
            score: 0,
          },
        ],
      },
    ],
  ),
]

/** Every question of the set, in section order. */
export const questions: readonly AuditQuestion[] = sections.reduce<AuditQuestion[]>(
  (all, s) => all.concat(s.questions),
  [],
)

// Lookup tables without a prototype, so ids like 'toString' or '__proto__' find nothing. The
// server runs this on every audit create in goja, where a table beats a search.
const questionsById: Record<string, AuditQuestion> = Object.create(null)
const optionsByQuestion: Record<string, Record<string, AuditOption>> = Object.create(null)
for (const q of questions) {
  questionsById[q.id] = q
  const options: Record<string, AuditOption> = Object.create(null)
  for (const o of q.options) options[o.value] = o
  optionsByQuestion[q.id] = options
}

export function questionById(id: string): AuditQuestion | undefined {
  return questionsById[id]
}

/** The option of a question with this value, or undefined for an unknown id or value. */
export function optionFor(questionId: string, value: unknown): AuditOption | undefined {
  const options = optionsByQuestion[questionId]
  return options && typeof value === 'string' ? options[value] : undefined
}

/** Name of the section a question belongs to, or undefined for an unknown id. */
export function sectionForQuestion(questionId: string): string | undefined {
  return questionById(questionId)?.section
}

/**
 * A short fingerprint of what scoring depends on (ids, values, scores), so a test notices a
 * change that should have bumped QUESTION_SET_VERSION. Not a security hash.
 */
export function questionSetFingerprint(): string {
  const canonical = questions
    .map((q) => `${q.section}|${q.id}:${q.options.map((o) => `${o.value}=${o.score}`).join(',')}`)
    .join(';')
  let hash = 5381
  for (let i = 0; i < canonical.length; i++) {
    hash = ((hash * 33) ^ canonical.charCodeAt(i)) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}
