// The consultant's advice: rules that fire on answer values. Every option that
// loses points has a rule, and every rule names options that exist (tests prove both), so no
// rule is dead. Each piece of advice ends in a step a busy owner can take this week.
import { sections } from './questions'
import type {
  AuditRecommendations,
  AuditScores,
  Recommendation,
  ScoredAnswer,
  TopRecommendation,
} from './types'

export interface RecommendationRule extends Recommendation {
  /** Unique, stable name of the rule (question id + option). */
  id: string
  questionId: string
  /** The rule fires when the question's answer is one of these option values. */
  whenValues: readonly string[]
}

/** `section` of the general top-up recommendations. */
export const GENERAL_SECTION = 'General'

/** The most a report shows as "Top 3 Recommendations". */
export const TOP_RECOMMENDATION_LIMIT = 3

function rule(
  questionId: string,
  whenValues: string[],
  title: string,
  description: string,
): RecommendationRule {
  return { id: `${questionId}:${whenValues.join('+')}`, questionId, whenValues, title, description }
}

/** In question order, so section advice reads in the order the owner answered. */
export const recommendationRules: readonly RecommendationRule[] = [
  // --- Business Goals & Lead Generation ---------------------------------------------------
  rule(
    'primary_goal',
    ['reduce_costs'],
    'Find the hours before you cut the dollars',
    "In a small business the biggest cost is usually the owner's own time. This week, jot down what you do in 15-minute blocks for five working days: the jobs that repeat every day are where software or a few hours of help save more than any cut to supplies.",
  ),
  rule(
    'primary_goal',
    ['other'],
    'Put your goal in one sentence and one number',
    "A goal you can count is a goal you can plan for. This week, write it down as 'By next October I want ...', pin it by the register or on the truck's dashboard, and work back from it to the first step.",
  ),
  rule(
    'lead_generation',
    ['website_only'],
    'Open a second door beside your website',
    'One channel is a single point of failure: one Google change and the phone goes quiet. This week, start asking every happy customer how they found you and whether they know someone who needs you, so word of mouth works alongside your site.',
  ),
  rule(
    'lead_generation',
    ['word_of_mouth'],
    'Give word of mouth somewhere to land',
    "Referrals are the best leads there are, but people look you up before they call. This week, claim and fill in your free Google Business Profile (hours, services, towns you cover, photos, phone) so a neighbour's tip ends in a call, not a shrug.",
  ),
  rule(
    'lead_generation',
    ['no_system'],
    'Pick one steady source of new customers',
    "Feast or famine usually means nothing is working for you in the quiet months. This week, complete your free Google Business Profile and ask five past customers for a review: in the North Country, where people search 'near me' from the road, it is the cheapest steady source of calls.",
  ),
  rule(
    'lead_tracking',
    ['spreadsheets'],
    'Make your list remind you, not the other way round',
    "A spreadsheet holds names but won't tell you who is waiting for a callback. This week, add two columns, 'Next step' and 'When', and sort by date every morning; once the habit sticks, a simple CRM can do the sorting and reminding for you.",
  ),
  rule(
    'lead_tracking',
    ['manual'],
    'Get every enquiry into one list',
    'Sticky notes and memory lose jobs, most of all in the busy season. This week, start one list (a notebook page, a spreadsheet or a free CRM) with name, phone, what they asked for and the date, and put every call, e-mail and Facebook message in it the same day.',
  ),
  rule(
    'lead_tracking',
    ['none'],
    'Stop letting enquiries sit in the inbox',
    "An enquiry buried in voicemail or e-mail is a customer who books with whoever calls back first. This week, keep 15 minutes at the end of each day to copy every new enquiry into one list and answer each one, even if only to say when you'll have a price.",
  ),

  // --- Website & Lead Generation -------------------------------------------------------------
  rule(
    'website_conversion',
    ['contact_page_only'],
    "Put a 'Call' or 'Book' button on every page",
    "Visitors decide in seconds, and most won't go looking for a contact page. This week, add one clear button to the top of every page ('Call now', 'Book a room', 'Get a quote') and make your phone number tap-to-call.",
  ),
  rule(
    'website_conversion',
    ['no_website'],
    'Start with a one-page website that works',
    "Locals, visitors and second-home owners look you up before they call, often on a phone at a trailhead. You don't need a big site: this week, write down what one page should say (what you do, the towns you serve, hours, a few photos, your phone number) and complete your Google Business Profile while it is built.",
  ),
  rule(
    'lead_capture',
    ['email_link_only'],
    'Swap the e-mail link for a short form',
    'An e-mail link opens an empty message, and many people give up there. This week, replace it with a form that asks four things (name, phone or e-mail, what they need, and when) and sends it to an inbox you check every day.',
  ),
  rule(
    'lead_capture',
    ['no_capture'],
    "Take enquiries while you're on the job",
    "Many people look you up in the evening, when you're closed or out of cell range. This week, add a simple 'Request a quote' or booking form to your site and an automatic reply that says when you'll call back.",
  ),
  rule(
    'mobile_optimization',
    ['partially_mobile'],
    'Fix what phone visitors hit first',
    'Most local searches happen on phones, often on slow rural connections. This week, open your site on your own phone over cell data, make the phone number tap-to-call, shrink any oversized photos, and check the menu works with a thumb.',
  ),
  rule(
    'mobile_optimization',
    ['not_mobile'],
    'Check your website on a phone today',
    'If your site is hard to use on a phone, most visitors leave before they call. This week, open it on your phone over cell data and note every place you had to pinch, zoom or wait: that list is the brief for a mobile-friendly rebuild.',
  ),

  // --- Business Process Efficiency -----------------------------------------------------------
  rule(
    'task_automation',
    ['some_automation'],
    'Automate the next message on your list',
    "You've started; now finish the job. This week, pick the message you still send by hand most often (an appointment reminder, 'your order is ready', an overdue-invoice nudge) and switch on the automatic version your booking or invoicing software already has.",
  ),
  rule(
    'task_automation',
    ['all_manual'],
    'Let software send your reminders and invoices',
    'Sending every reminder and invoice by hand can eat hours a week. This week, check whether the booking, point-of-sale or accounting tool you already pay for can send them automatically; most can, and it takes about an hour to switch on.',
  ),
  rule(
    'time_management',
    ['five_to_10_hours'],
    'Win back two admin hours a week',
    'Five to ten hours of admin is a full working day. This week, note each admin task and how long it took; the two that repeat most are the first to automate or to batch into one sitting.',
  ),
  rule(
    'time_management',
    ['over_10_hours'],
    'Find out where the admin hours go',
    "More than ten hours of admin a week is more than a day of paid work lost. This week, keep a simple log of every admin task and its minutes; by Friday you'll see the two or three jobs that, automated or handed off, give you an afternoon back.",
  ),
  rule(
    'customer_communication',
    ['manual_updates'],
    'Send updates without picking up the phone',
    'Calling each customer with the same news takes time you could bill. This week, write three short text templates (booked, on the way or ready, done) and save them in your phone or booking software so each update takes seconds.',
  ),
  rule(
    'customer_communication',
    ['customers_call_us'],
    'Answer the question before they call',
    "Every 'Is it ready yet?' call interrupts real work. This week, write down the three questions customers call about most, and set up an automatic text or e-mail that answers each one at the right moment.",
  ),
  rule(
    'data_organization',
    ['scattered_files'],
    'Give every customer one home',
    'Hunting through e-mail, folders and your phone costs minutes every day. This week, choose one place (your invoicing software, or one folder per customer) and move your ten most active customers into it; new work goes there from now on.',
  ),
  rule(
    'data_organization',
    ['paper_or_memory'],
    'Move your customer records off paper',
    "Paper and memory work until you're sick, away, or quoting a repeat job from three years ago. This week, start a simple digital customer list with this month's jobs (name, contact, what you did, the price) and add the old files a few at a time.",
  ),

  // --- Marketing & Lead Nurturing ------------------------------------------------------------
  rule(
    'email_marketing',
    ['occasional_emails'],
    'Put your e-mails on the calendar',
    'Past customers are the easiest to win back, but only if they hear from you regularly. This week, pick four dates, one per season (mud season, summer, foliage, ski season), and jot down one useful idea for each e-mail.',
  ),
  rule(
    'email_marketing',
    ['no_email'],
    'Start a simple seasonal e-mail',
    "Past customers forget you between visits, not because they were unhappy. This week, gather the e-mail addresses you already have permission to use into one list and send one short, friendly note: what's new, this season's hours or openings, and how to book.",
  ),
  rule(
    'social_media_strategy',
    ['occasional_posting'],
    'Post once a week, on the same day',
    "Regular beats clever. This week, choose a posting day, take three photos of real work (a finished job, a fresh batch, the view from the porch) and schedule them for the next three weeks with Facebook's free planner.",
  ),
  rule(
    'social_media_strategy',
    ['no_social'],
    'Claim your page and post one photo',
    "Plenty of locals and visitors check Facebook or Instagram to see whether you're open and real. This week, make sure your page shows the right hours and phone number and one recent photo; one honest post a week is enough to start.",
  ),
  rule(
    'referral_system',
    ['passive_referrals'],
    'Ask for the referral at the happy moment',
    "Happy customers refer more when they're asked. This week, write one sentence to say when a job wraps up or a guest checks out ('If you know anyone who needs this, I'd be grateful for the introduction') and hand over two cards with it.",
  ),
  rule(
    'referral_system',
    ['no_referrals'],
    'Make it easy to recommend you',
    "Rare referrals usually mean customers don't know you want them or how to pass you on. This week, ask your five happiest recent customers for a Google review and tell them you're taking new work: reviews are referrals strangers can read.",
  ),
  rule(
    'follow_up_process',
    ['occasional_follow_up'],
    'Give every quote a follow-up rhythm',
    'Most quotes that go cold were never followed up, not turned down. This week, set a rule of a check-in two days after every quote and another a week later, with reminders in your phone calendar or CRM.',
  ),
  rule(
    'follow_up_process',
    ['no_follow_up'],
    "Follow up on last month's quotes this week",
    "People who asked for a price and went quiet have often just been busy. This week, call or e-mail everyone who got a quote in the last 30 days with a short 'Still interested?': it is the fastest money in most small businesses.",
  ),

  // --- Customer Experience & Retention -------------------------------------------------------
  rule(
    'customer_onboarding',
    ['informal_welcome'],
    "Write down what happens after 'yes'",
    "Explaining as you go works until you're busy; then customers feel lost. This week, write a short welcome message (what happens next, when, what it costs, who to call) and send it to your next new customer.",
  ),
  rule(
    'customer_onboarding',
    ['no_onboarding'],
    'Give every new customer the same good start',
    'When every start is different, something gets missed and customers notice. This week, list the five things every new customer needs to know and turn them into one e-mail or printed sheet you hand over every time.',
  ),
  rule(
    'customer_support',
    ['within_few_days'],
    'Reply the same day, even briefly',
    "A few days feels long to someone waiting on a price or a booking. This week, make it a rule to reply the same day ('Got it, you'll have an answer by Thursday') and save that reply as a template.",
  ),
  rule(
    'customer_support',
    ['inconsistent'],
    'Promise one response time and keep it',
    'When replies depend on how busy you are, customers feel it most in your busiest season. This week, pick a promise you can keep (a reply by the end of the next business day), set an auto-reply that says so, and block 20 minutes each afternoon to answer.',
  ),
  rule(
    'customer_feedback',
    ['occasional_feedback'],
    'Ask every customer the same one question',
    "Feedback that people offer comes mostly from the very happy and the very unhappy. This week, start asking every customer one question at the end ('What's one thing we could do better?') and send your Google review link to the happy ones.",
  ),
  rule(
    'customer_feedback',
    ['no_feedback'],
    'Start asking for reviews this week',
    'In a small town reviews do the talking for you, and visitors rely on them even more. This week, copy the review link from your Google Business Profile and text it to five recent customers with a personal thank-you.',
  ),
  rule(
    'retention_strategy',
    ['repeat_by_chance'],
    'Remind customers before they need you',
    "Customers who liked you still forget you. This week, list the work that repeats (a seasonal tune-up, next year's stay, a refill) and set reminders to contact past customers a few weeks before they'll need you again.",
  ),
  rule(
    'retention_strategy',
    ['no_retention'],
    'Give customers a reason to come back',
    'Winning a new customer costs far more than keeping one. This week, pick one simple reason to return (a seasonal check-up, a returning-guest rate, a punch card) and tell your next ten customers about it.',
  ),

  // --- Analytics & Performance Tracking ------------------------------------------------------
  rule(
    'conversion_tracking',
    ['rough_idea'],
    'Count enquiries and wins for one month',
    'A rough idea hides where jobs slip away. Starting this week, write down two numbers every Friday for a month (enquiries in, customers won); the gap tells you whether to work on getting more leads or on closing the ones you have.',
  ),
  rule(
    'conversion_tracking',
    ['not_tracked'],
    'Keep a tally of enquiries and sales',
    "Without this number you can't tell whether a quiet month means fewer calls or fewer yeses. This week, start a tally by the phone or in your notes app: one mark for every enquiry, and a circle round it when it becomes a sale.",
  ),
  rule(
    'performance_metrics',
    ['bank_balance_only'],
    'Pick three numbers to check every Monday',
    "The bank balance tells you where you are, not where you're heading. This week, choose three numbers (for example next month's bookings, jobs quoted, money owed to you) and look at them every Monday with your coffee.",
  ),
  rule(
    'performance_metrics',
    ['no_metrics'],
    'Look at your numbers every month, not every year',
    'A problem found at tax time has been costing you all year. This week, set a 30-minute monthly appointment with yourself to check sales, costs and money owed; your accounting software or bookkeeper can give you all three.',
  ),
  rule(
    'data_driven_decisions',
    ['mix_gut_data'],
    'Ask every new customer how they found you',
    "Your gut is good, but it remembers the loud wins. This week, start asking every new customer 'How did you hear about us?' and write the answer down; in a month you'll know which ads and listings earn their keep.",
  ),
  rule(
    'data_driven_decisions',
    ['gut_feeling'],
    'Make every ad prove itself',
    "Buying ads because a salesperson called is how budgets disappear. Before you renew any ad, ask for a separate phone number, a code or a 'mention this ad' offer this week, so you can count the customers it brings.",
  ),
  rule(
    'reporting_system',
    ['manual_reports'],
    'Let your software build the monthly report',
    "Pulling numbers together by hand means it often doesn't happen. This week, look at the reports already built into your accounting, point-of-sale or booking software and set the monthly summary to arrive in your inbox.",
  ),
  rule(
    'reporting_system',
    ['no_reports'],
    'Get a monthly snapshot of the business',
    'A year-end report comes too late to change anything. This week, ask your bookkeeper or accountant for a simple monthly profit-and-loss, or switch on the monthly report in your accounting software.',
  ),

  // --- Business Growth & Scalability ---------------------------------------------------------
  rule(
    'growth_planning',
    ['informal_plan'],
    'Put the plan on one page',
    'Goals kept in your head shift with every busy week. This week, write one page: three goals for the year, the number that shows each one, and the first step for each; read it again at the start of every month.',
  ),
  rule(
    'growth_planning',
    ['no_plan'],
    'Plan the next season, not the next five years',
    "A plan doesn't have to be a binder. This week, write down what you want from the coming season (revenue, days off, more of a certain kind of work) and one change that would get you there.",
  ),
  rule(
    'scalability_systems',
    ['some_strain'],
    'Fix the step that breaks first when it gets busy',
    'The busy season shows where systems crack: usually quoting, scheduling or billing. This week, name the one step that kept you up at night last peak season, and find a tool or template that takes it off your plate before the next one.',
  ),
  rule(
    'scalability_systems',
    ['would_break'],
    'Get ready for the next busy season now',
    'Work turned away in peak season is money you never see again. This week, list what broke last time (missed calls, double bookings, late invoices) and start with the one that cost the most; online booking or automatic invoicing often fixes the worst of it.',
  ),
  rule(
    'team_efficiency',
    ['some_questions'],
    'Write down the questions you get asked most',
    'Every call from a helper is a break in your own work. This week, note the questions your staff or family ask you most, write short answers or checklists, and keep them where the work happens.',
  ),
  rule(
    'team_efficiency',
    ['owner_does_everything'],
    'Write your first checklist',
    'If everything runs through you, the business stops when you do: sick, on holiday, or on a job across the county. This week, pick one routine task (opening up, a standard job, the end-of-day cash-out) and write it as a checklist someone else could follow.',
  ),
  rule(
    'technology_integration',
    ['some_integration'],
    'Connect the two tools you copy between most',
    'Retyping the same details is slow and invites mistakes. This week, find the pair of tools you copy between most (say, booking and invoicing) and check whether they have a built-in connection; many do, and a linking service can join most of the rest.',
  ),
  rule(
    'technology_integration',
    ['disconnected_tools'],
    'Stop typing the same details twice',
    'Disconnected tools mean the same name and address typed three times, and one of them wrong. This week, list every app and notebook you use and what you type into each: that map shows which two to connect or replace first.',
  ),
]

/** The three general recommendations that top up a short list, in this order. */
export const generalRecommendations: readonly Recommendation[] = [
  {
    title: 'Get a comprehensive business review',
    description:
      'A fresh pair of eyes on your whole week, from the first call to the final invoice, usually finds hours you did not know you were losing. Book a 90-minute Efficiency Review and leave with a short list of fixes in the order that pays off first.',
  },
  {
    title: 'Track what matters, systematically',
    description:
      'Choose a handful of numbers, write them down in the same place every week, and look at the trend once a month. Steady tracking is what turns one good season into a plan for the next.',
  },
  {
    title: 'Keep the focus on customer experience',
    description:
      'Small touches done every time (a quick reply, a clear welcome, a thank-you after the job) are what people in a small town talk about. This week, ask your next five customers what would bring them back sooner.',
  },
]

// Rules by question and answer value, built once: recommend() runs on every server create.
const rulesByAnswer: Record<string, Record<string, RecommendationRule[]>> = Object.create(null)
for (const r of recommendationRules) {
  if (!rulesByAnswer[r.questionId]) rulesByAnswer[r.questionId] = Object.create(null)
  const byValue = rulesByAnswer[r.questionId]
  for (const value of r.whenValues) (byValue[value] ??= []).push(r)
}

/**
 * Section advice from the rules, in question order, then the top three: the lowest-scoring
 * sections first, all of one section before the next (ties keep section order), topped up from
 * the remaining sections' advice and finally from the general recommendations. Titles never
 * repeat.
 */
export function recommend(
  filled: Record<string, ScoredAnswer>,
  scores: AuditScores,
): AuditRecommendations {
  const bySection: Recommendation[][] = []
  for (let s = 0; s < sections.length; s++) {
    const fired: Recommendation[] = []
    const sectionQuestions = sections[s].questions
    for (let q = 0; q < sectionQuestions.length; q++) {
      const id = sectionQuestions[q].id
      const answer = filled[id]
      const rules = answer && rulesByAnswer[id] ? rulesByAnswer[id][answer.value] : undefined
      if (!rules) continue
      for (let r = 0; r < rules.length; r++) {
        fired.push({ title: rules[r].title, description: rules[r].description })
      }
    }
    bySection.push(fired)
  }

  // Explicit index tie-break: the order never depends on the engine's sort stability.
  const weakestFirst = sections
    .map((s, index) => ({ name: s.name, score: scores.sectionScores[s.name] ?? 0, index }))
    .sort((a, b) => a.score - b.score || a.index - b.index)

  const top: TopRecommendation[] = []
  const seen: Record<string, true> = Object.create(null)
  const add = (rec: Recommendation, section: string, score: number) => {
    if (top.length >= TOP_RECOMMENDATION_LIMIT || seen[rec.title]) return
    seen[rec.title] = true
    top.push({ title: rec.title, description: rec.description, section, score })
  }
  for (let i = 0; i < weakestFirst.length && top.length < TOP_RECOMMENDATION_LIMIT; i++) {
    const { name, score, index } = weakestFirst[i]
    for (const rec of bySection[index]) add(rec, name, score)
  }
  for (const rec of generalRecommendations) add(rec, GENERAL_SECTION, scores.overallScore)

  const sectionRecommendations: Record<string, Recommendation[]> = {}
  for (let s = 0; s < sections.length; s++) {
    if (bySection[s].length > 0) sectionRecommendations[sections[s].name] = bySection[s]
  }
  return { topRecommendations: top, sectionRecommendations }
}
