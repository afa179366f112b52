// The fields of each section of the Site tab, in the consultant's words, with the limits of
// src/config/site-content.ts (SITE_TEXT_MAX, SITE_LIST_LIMITS).
import type { ReactNode } from 'react'
import {
  SITE_LIST_LIMITS as LISTS,
  SITE_TEXT_MAX as MAX,
  type SiteCaseStudy,
  type SitePackage,
  type SiteServiceGroup,
} from '../../../config/site-content'
import { EMAIL_MAX } from '../../../config/limits'
import { SOCIAL_NETWORKS } from '../../../config/social-networks'
import type { SiteForm } from './site-form'
import { ListEditor, TextField, TextListEditor } from './SiteFields'
import { SitePictureField } from './SitePictureField'

export interface SectionFieldsProps {
  form: SiteForm
  update: <K extends keyof SiteForm>(field: K, value: SiteForm[K]) => void
}

const PRICE_HINT = 'In dollars, like $1,299.'
const LINK_HINT = 'The whole address, starting with https://'

function BusinessFields({ form, update }: SectionFieldsProps) {
  return (
    <>
      <TextField
        path="businessName"
        label="Business name"
        value={form.businessName}
        onValue={(v) => update('businessName', v)}
        max={MAX.businessName}
      />
      <TextField
        path="ownerName"
        label="Your name"
        value={form.ownerName}
        onValue={(v) => update('ownerName', v)}
        max={MAX.ownerName}
      />
      <TextField
        path="tagline"
        label="Tagline"
        hint="Your business in one sentence: search results and link previews show it."
        kind="long"
        rows={3}
        value={form.tagline}
        onValue={(v) => update('tagline', v)}
        max={MAX.tagline}
      />
      <TextField
        path="phone"
        label="Phone"
        hint="As it should read on the page; the call link is made from its digits."
        kind="tel"
        value={form.phone}
        onValue={(v) => update('phone', v)}
        max={MAX.phone}
      />
      <TextField
        path="email"
        label="E-mail"
        kind="email"
        value={form.email}
        onValue={(v) => update('email', v)}
        max={EMAIL_MAX}
      />
      <TextListEditor
        path="postalAddress"
        legend="Postal address"
        hint="One line each. The newsletter's footer shows it."
        noun="Line"
        items={form.postalAddress}
        limits={LISTS.postalAddress}
        max={MAX.postalLine}
        onItems={(v) => update('postalAddress', v)}
      />
      <TextField
        path="location"
        label="Location"
        hint='Where you are, as in "The White Mountains, NH".'
        value={form.location}
        onValue={(v) => update('location', v)}
        max={MAX.location}
      />
      <fieldset className="site-ed__group">
        <legend>Service area</legend>
        <TextField
          path="serviceArea.state"
          label="State"
          value={form.serviceArea.state}
          onValue={(v) => update('serviceArea', { ...form.serviceArea, state: v })}
          max={MAX.state}
        />
        <TextListEditor
          path="serviceArea.places"
          legend="Places you serve"
          noun="Place"
          items={form.serviceArea.places}
          limits={LISTS.places}
          max={MAX.place}
          onItems={(v) => update('serviceArea', { ...form.serviceArea, places: v })}
        />
      </fieldset>
      <TextListEditor
        path="towns"
        legend="Towns named on the home page"
        hint='The about section reads "Working with businesses in Littleton · Lancaster ... and the towns in between." None shown when empty.'
        noun="Town"
        items={form.towns}
        limits={LISTS.towns}
        max={MAX.place}
        onItems={(v) => update('towns', v)}
      />
      <TextListEditor
        path="hours"
        legend="Opening hours"
        hint='One line each, like "Monday to Friday, 8 am to 5 pm". None shown when empty.'
        noun="Line"
        items={form.hours}
        limits={LISTS.hours}
        max={MAX.hour}
        onItems={(v) => update('hours', v)}
      />
    </>
  )
}

function BookingFields({ form, update }: SectionFieldsProps) {
  return (
    <>
      <TextField
        path="booking.strategyCallUrl"
        label="Strategy call"
        hint="Your scheduler's page for the free strategy call."
        kind="url"
        value={form.booking.strategyCallUrl}
        onValue={(v) => update('booking', { ...form.booking, strategyCallUrl: v })}
        max={MAX.url}
      />
      <TextField
        path="booking.friendCallUrl"
        label="Call for a friend"
        hint="Your scheduler's page for a call about someone else's business."
        kind="url"
        value={form.booking.friendCallUrl}
        onValue={(v) => update('booking', { ...form.booking, friendCallUrl: v })}
        max={MAX.url}
      />
    </>
  )
}

function HomeFields({ form, update }: SectionFieldsProps) {
  return (
    <>
      <TextField
        path="hero.headline"
        label="Headline"
        hint="The big line at the top of the home page."
        value={form.hero.headline}
        onValue={(v) => update('hero', { ...form.hero, headline: v })}
        max={MAX.headline}
      />
      <TextField
        path="hero.lead"
        label="Lead"
        hint="The paragraph under the headline."
        kind="long"
        rows={4}
        value={form.hero.lead}
        onValue={(v) => update('hero', { ...form.hero, lead: v })}
        max={MAX.lead}
      />
      <fieldset className="site-ed__group">
        <legend>Section headings</legend>
        <TextField
          path="headings.services"
          label="Services"
          value={form.headings.services}
          onValue={(v) => update('headings', { ...form.headings, services: v })}
          max={MAX.heading}
        />
        <TextField
          path="headings.packages"
          label="Packages and prices"
          value={form.headings.packages}
          onValue={(v) => update('headings', { ...form.headings, packages: v })}
          max={MAX.heading}
        />
        <TextField
          path="headings.portfolio"
          label="Case study"
          hint="The heading over your case studies."
          value={form.headings.portfolio}
          onValue={(v) => update('headings', { ...form.headings, portfolio: v })}
          max={MAX.heading}
        />
      </fieldset>
      <TextField
        path="since"
        label="Helping businesses since (year)"
        kind="year"
        counted={false}
        value={form.since}
        onValue={(v) => update('since', v)}
        max={4}
      />
      <TextListEditor
        path="about"
        legend="About you"
        hint="The about section's paragraphs, in order."
        noun="Paragraph"
        kind="long"
        rows={6}
        items={form.about}
        limits={LISTS.about}
        max={MAX.paragraph}
        onItems={(v) => update('about', v)}
      />
    </>
  )
}

const newGroup = (): SiteServiceGroup => ({
  title: '',
  intro: '',
  items: [{ title: '', text: '' }],
})

function ServicesFields({ form, update }: SectionFieldsProps) {
  return (
    <ListEditor
      path="services"
      legend="Columns of services"
      noun="Column"
      items={form.services}
      limits={LISTS.services}
      newItem={newGroup}
      onItems={(v) => update('services', v)}
      renderItem={(group, g, onGroup) => (
        <ItemGroup legend={`Column ${g + 1}`}>
          <TextField
            path={`services.${g}.title`}
            label="Heading"
            value={group.title}
            onValue={(title) => onGroup({ ...group, title })}
            max={MAX.groupTitle}
          />
          <TextField
            path={`services.${g}.intro`}
            label="Line under the heading"
            value={group.intro}
            onValue={(intro) => onGroup({ ...group, intro })}
            max={MAX.groupIntro}
          />
          <ListEditor
            path={`services.${g}.items`}
            legend={`Services in column ${g + 1}`}
            noun="Service"
            items={group.items}
            limits={LISTS.serviceItems}
            newItem={() => ({ title: '', text: '' })}
            onItems={(items) => onGroup({ ...group, items })}
            renderItem={(service, s, onService) => (
              <ItemGroup legend={`Service ${s + 1}`}>
                <TextField
                  path={`services.${g}.items.${s}.title`}
                  label="Service"
                  value={service.title}
                  onValue={(title) => onService({ ...service, title })}
                  max={MAX.serviceTitle}
                />
                <TextField
                  path={`services.${g}.items.${s}.text`}
                  label="What it is"
                  kind="long"
                  rows={2}
                  value={service.text}
                  onValue={(text) => onService({ ...service, text })}
                  max={MAX.serviceText}
                />
              </ItemGroup>
            )}
          />
        </ItemGroup>
      )}
    />
  )
}

const newPackage = (): SitePackage => ({
  id: '',
  name: '',
  price: '',
  priceNote: '',
  summary: '',
  features: [''],
  mostPopular: false,
})

function PackagesFields({ form, update }: SectionFieldsProps) {
  const setPackages = (packages: SitePackage[]) => update('packages', packages)
  return (
    <ListEditor
      path="packages"
      legend="Packages"
      noun="Package"
      items={form.packages}
      limits={LISTS.packages}
      newItem={newPackage}
      onItems={setPackages}
      renderItem={(pkg, p, onPackage) => (
        <ItemGroup legend={`Package ${p + 1}`}>
          <TextField
            path={`packages.${p}.name`}
            label="Name"
            value={pkg.name}
            onValue={(name) => onPackage({ ...pkg, name })}
            max={MAX.packageName}
          />
          <div className="site-ed__pair">
            <TextField
              path={`packages.${p}.price`}
              label="Price"
              hint={PRICE_HINT}
              kind="price"
              value={pkg.price}
              onValue={(price) => onPackage({ ...pkg, price })}
              max={MAX.price}
            />
            <TextField
              path={`packages.${p}.priceNote`}
              label="Price note (optional)"
              hint='Like "one-time" or "per month".'
              value={pkg.priceNote}
              onValue={(priceNote) => onPackage({ ...pkg, priceNote })}
              max={MAX.priceNote}
            />
          </div>
          <TextField
            path={`packages.${p}.summary`}
            label="Summary"
            kind="long"
            rows={2}
            value={pkg.summary}
            onValue={(summary) => onPackage({ ...pkg, summary })}
            max={MAX.summary}
          />
          <TextListEditor
            path={`packages.${p}.features`}
            legend="What it includes"
            noun="Point"
            kind="long"
            rows={2}
            items={pkg.features}
            limits={LISTS.features}
            max={MAX.feature}
            onItems={(features) => onPackage({ ...pkg, features })}
          />
          <label className="site-ed__check">
            <input
              type="checkbox"
              checked={pkg.mostPopular}
              onChange={(event) =>
                // One package at most is the most popular: choosing one unmarks the others.
                setPackages(
                  form.packages.map((other, i) =>
                    i === p
                      ? { ...other, mostPopular: event.target.checked }
                      : event.target.checked
                        ? { ...other, mostPopular: false }
                        : other,
                  ),
                )
              }
            />
            Most popular (shown highlighted)
          </label>
        </ItemGroup>
      )}
    />
  )
}

function ReviewFields({ form, update }: SectionFieldsProps) {
  const review = form.efficiencyReview
  return (
    <>
      <TextField
        path="efficiencyReview.price"
        label="Price"
        hint={PRICE_HINT}
        kind="price"
        value={review.price}
        onValue={(price) => update('efficiencyReview', { ...review, price })}
        max={MAX.price}
      />
      <TextField
        path="efficiencyReview.duration"
        label="How long it takes"
        hint='Like "90 minutes".'
        value={review.duration}
        onValue={(duration) => update('efficiencyReview', { ...review, duration })}
        max={MAX.duration}
      />
      <TextField
        path="efficiencyReview.where"
        label="Where"
        hint='Like "on-site" or "by video call".'
        value={review.where}
        onValue={(where) => update('efficiencyReview', { ...review, where })}
        max={MAX.where}
      />
    </>
  )
}

const newCaseStudy = (): SiteCaseStudy => ({
  client: '',
  title: '',
  challenge: '',
  solution: '',
  result: '',
  stats: [],
  tags: [],
  url: '',
  picture: '',
  pictureAlt: '',
})

function CaseFields({ form, update }: SectionFieldsProps) {
  return (
    <ListEditor
      path="caseStudies"
      legend="Case studies"
      noun="Case study"
      items={form.caseStudies}
      limits={LISTS.caseStudies}
      newItem={newCaseStudy}
      onItems={(v) => update('caseStudies', v)}
      renderItem={(study, c, onStudy) => (
        <ItemGroup legend={`Case study ${c + 1}`}>
          <TextField
            path={`caseStudies.${c}.client`}
            label="Client"
            hint='Who and where, like "Birch & Bean Coffee · Littleton, NH".'
            value={study.client}
            onValue={(client) => onStudy({ ...study, client })}
            max={MAX.caseTitle}
          />
          <TextField
            path={`caseStudies.${c}.title`}
            label="Title"
            value={study.title}
            onValue={(title) => onStudy({ ...study, title })}
            max={MAX.caseTitle}
          />
          <SitePictureField
            path={`caseStudies.${c}.picture`}
            picture={study.picture}
            alt={study.pictureAlt}
            onPicture={(picture) => onStudy({ ...study, picture })}
            onAlt={(pictureAlt) => onStudy({ ...study, pictureAlt })}
          />
          {(['challenge', 'solution', 'result'] as const).map((part) => (
            <TextField
              key={part}
              path={`caseStudies.${c}.${part}`}
              label={part[0].toUpperCase() + part.slice(1)}
              kind="long"
              rows={4}
              value={study[part]}
              onValue={(text) => onStudy({ ...study, [part]: text })}
              max={MAX.caseText}
            />
          ))}
          <ListEditor
            path={`caseStudies.${c}.stats`}
            legend="Numbers to show"
            noun="Number"
            items={study.stats}
            limits={LISTS.stats}
            newItem={() => ({ value: '', label: '' })}
            onItems={(stats) => onStudy({ ...study, stats })}
            renderItem={(stat, s, onStat) => (
              <div className="site-ed__pair site-ed__pair--short-first">
                <TextField
                  path={`caseStudies.${c}.stats.${s}.value`}
                  label={`Number ${s + 1}`}
                  hint='Like "1 in 4".'
                  value={stat.value}
                  onValue={(value) => onStat({ ...stat, value })}
                  max={MAX.statValue}
                />
                <TextField
                  path={`caseStudies.${c}.stats.${s}.label`}
                  label={`What number ${s + 1} counts`}
                  hint='Like "locals on the email list".'
                  value={stat.label}
                  onValue={(label) => onStat({ ...stat, label })}
                  max={MAX.statLabel}
                />
              </div>
            )}
          />
          <TextListEditor
            path={`caseStudies.${c}.tags`}
            legend="Tags"
            noun="Tag"
            items={study.tags}
            limits={LISTS.tags}
            max={MAX.tag}
            onItems={(tags) => onStudy({ ...study, tags })}
          />
          <TextField
            path={`caseStudies.${c}.url`}
            label="Link to the live site (optional)"
            hint={LINK_HINT}
            kind="url"
            value={study.url}
            onValue={(url) => onStudy({ ...study, url })}
            max={MAX.url}
          />
        </ItemGroup>
      )}
    />
  )
}

function TestimonialFields({ form, update }: SectionFieldsProps) {
  return (
    <ListEditor
      path="testimonials"
      legend="Testimonials"
      noun="Testimonial"
      items={form.testimonials}
      limits={LISTS.testimonials}
      newItem={() => ({ quote: '', name: '', town: '' })}
      onItems={(v) => update('testimonials', v)}
      renderItem={(t, i, onT) => (
        <ItemGroup legend={`Testimonial ${i + 1}`}>
          <TextField
            path={`testimonials.${i}.quote`}
            label="What they said"
            kind="long"
            rows={4}
            value={t.quote}
            onValue={(quote) => onT({ ...t, quote })}
            max={MAX.quote}
          />
          <TextField
            path={`testimonials.${i}.name`}
            label="Who said it"
            hint='Like "Dana R., owner of Birch & Bean Coffee".'
            value={t.name}
            onValue={(name) => onT({ ...t, name })}
            max={MAX.personName}
          />
          <TextField
            path={`testimonials.${i}.town`}
            label="Town (optional)"
            value={t.town}
            onValue={(town) => onT({ ...t, town })}
            max={MAX.town}
          />
        </ItemGroup>
      )}
    />
  )
}

const SOCIAL_HINT = `Like "LinkedIn". ${listed(SOCIAL_NETWORKS)} show as their icon; any other name shows as written.`

/** "a, b and c". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

function SocialFields({ form, update }: SectionFieldsProps) {
  return (
    <ListEditor
      path="social"
      legend="Social links"
      noun="Link"
      items={form.social}
      limits={LISTS.social}
      newItem={() => ({ label: '', url: '' })}
      onItems={(v) => update('social', v)}
      renderItem={(link, i, onLink) => (
        <ItemGroup legend={`Link ${i + 1}`}>
          <TextField
            path={`social.${i}.label`}
            label="Name"
            hint={SOCIAL_HINT}
            value={link.label}
            onValue={(label) => onLink({ ...link, label })}
            max={MAX.linkLabel}
          />
          <TextField
            path={`social.${i}.url`}
            label="Address"
            hint={LINK_HINT}
            kind="url"
            value={link.url}
            onValue={(url) => onLink({ ...link, url })}
            max={MAX.url}
          />
        </ItemGroup>
      )}
    />
  )
}

/** One item of a list of several fields: its own group, named by its place. */
function ItemGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="site-ed__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  )
}

/** Each section's fields, by SITE_SECTIONS' id. */
export const sectionFields: Record<string, (props: SectionFieldsProps) => ReactNode> = {
  business: BusinessFields,
  booking: BookingFields,
  home: HomeFields,
  services: ServicesFields,
  packages: PackagesFields,
  review: ReviewFields,
  case: CaseFields,
  testimonials: TestimonialFields,
  social: SocialFields,
}
