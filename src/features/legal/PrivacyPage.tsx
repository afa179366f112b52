import { Link } from 'react-router-dom'
import { paths } from '../../config/paths'
import { messages } from '../../config/messages'
import { useSiteContent } from '../../components/site-content'
import { mailtoHref } from '../../config/email-address'
import { LegalPage } from './LegalPage'

/** `/privacy`: what this site stores, where, for how long, and how to have it deleted. */
export default function PrivacyPage() {
  const { businessName, ownerName, location, email } = useSiteContent()
  const mail = <a href={mailtoHref(email)}>{email}</a>
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <p>
        This is the website of {businessName}, run by {ownerName} in {location}. This page says, in
        plain words, what the site keeps about you, where it keeps it, for how long, and how to get
        it deleted. There are no advertising trackers, no analytics scripts and no data sold to
        anyone.
      </p>

      <h2>What you send me, and what the server keeps</h2>
      <p>The site runs on one server that I manage. It keeps only what you send through it:</p>
      <ul>
        <li>
          <strong>Contact messages:</strong> your name, email address and message, which page it
          came from, and your browser's user-agent string (for example "Chrome on Android"), so I
          can answer and spot spam.
        </li>
        <li>
          <strong>Newsletter sign-ups:</strong> your email address, where on the site you signed up,
          your browser's user-agent string, and when you confirmed. Nothing is sent until you
          confirm from the email we send; a sign-up never confirmed is deleted after 30 days.
          Signing up twice keeps one entry.
        </li>
        <li>
          <strong>Business Efficiency Audits:</strong> your answers, any text you typed under
          "Other", the scores and recommendations worked out from them, the email address the
          results go to, when you finished, your browser's user-agent string, and whether you asked
          for the newsletter.
        </li>
        <li>
          <strong>Accounts:</strong> your email address, your name, your password (stored only as a
          one-way hash that nobody can read back), whether you agreed to newsletter emails, and when
          you accepted these terms.
        </li>
        <li>
          <strong>Emails the site sends</strong> (your audit results, password resets, and notices
          to me about a new message or audit) wait in a queue on the server until they are sent, and
          a copy stays there as a record.
        </li>
        <li>
          <strong>Server logs:</strong> like every web server, it logs each request with your IP
          address and browser type. Those logs are deleted automatically after 5 days and are used
          only to fix problems and stop abuse.
        </li>
        <li>
          <strong>Anonymous step counts:</strong> so I can see how many visitors start and finish
          the audit and book a call, the site counts those steps. A count holds the step, the page,
          and for the first page of a visit the website that linked to it (its name only) and any
          campaign tags in the link (utm_source, utm_medium, utm_campaign). It holds no cookie, no
          id, no IP address, no browser details and nothing you typed, so it cannot be tied to you.
          If your browser sends Do Not Track or Global Privacy Control, nothing is counted.
        </li>
      </ul>
      <p>
        Your IP address is never saved with a message, sign-up or audit. Messages, sign-ups and
        audits are kept until you ask me to delete them or you delete your account; I review and
        clear out old contact messages at least once a year.
      </p>

      <h2>What your browser keeps on your device</h2>
      <p>
        So the site keeps working on a patchy mountain connection, your browser stores a few things
        on your own device (in its IndexedDB and local storage). They never leave your device except
        to be sent to this site's server:
      </p>
      <ul>
        <li>
          <strong>Audit in progress:</strong> your answers so far, so you can close the tab and pick
          up where you left off. They are removed when you finish the audit, start over, or sign
          out.
        </li>
        <li>
          <strong>Messages waiting to be sent:</strong> if you send a message, sign-up or audit
          while offline, it waits on your device and is sent automatically when you are back online,
          then removed from the device. If the server refuses one, it stays so you can see it and
          try again or delete it. Audits you took while signed in that have not been sent yet are
          deleted from the device when you sign out (you are asked first).
        </li>
        <li>
          <strong>Your dashboard:</strong> when you are signed in, a copy of your past audits so the
          dashboard works offline. It is removed when you sign out or delete your account.
        </li>
        <li>
          <strong>Your free audits:</strong> the id and time of each free audit taken on this device
          in the last 30 days (not your answers or your email address), so a report can tell you
          whether its results were emailed or went out with an earlier one.
        </li>
        <li>
          <strong>Sign-in:</strong> a sign-in token, kept until you sign out or it expires after a
          few days.
        </li>
        <li>
          <strong>The site itself:</strong> the pages and images, so the site opens offline. Your
          browser replaces them when a new version of the site comes out.
        </li>
        <li>
          <strong>Where this visit came from:</strong> the linking website's name and the campaign
          tags of the link you arrived by, kept only until you close the tab. If you send a message
          or an audit during that visit, they are sent with it, so I know how you found the site.
        </li>
      </ul>
      <p>
        You can remove all of this at any time by clearing this site's data in your browser's
        settings. Anything not yet sent is then lost.
      </p>

      <h2>Other services</h2>
      <p>
        The call scheduler comes from a scheduling provider (Calendly). It only loads when you open
        it, for example by pressing {messages.bookCall} or visiting the call page, and from then on
        the provider's own privacy policy applies to what you enter there. Links to social networks
        and to client websites open those sites, which have their own policies.
      </p>

      <h2>How I use your email address</h2>
      <ul>
        <li>
          To answer your message, send the audit results you asked for, and send account emails such
          as password resets.
        </li>
        <li>
          For the business-growth tips newsletter, only if you signed up for it and confirmed. You
          can unsubscribe any time with one click on the link in every newsletter email, on the
          Settings tab of your dashboard, or by writing to {mail}.
        </li>
        <li>Never sold, rented or shared with anyone for their own marketing.</li>
      </ul>

      <h2>Deleting your data</h2>
      <ul>
        <li>
          <strong>Your account:</strong> sign in, open your{' '}
          <Link to={paths.dashboard}>dashboard</Link>, go to Settings and choose Delete Account.
          This permanently deletes your account, your audits, and the copies kept in your browser.
        </li>
        <li>
          <strong>Anything else</strong> (a message, a newsletter sign-up, a free audit you took
          without an account): email {mail} from the same address and I will delete it within 30
          days and confirm when it is done.
        </li>
      </ul>
      <p>
        You can also ask me what I hold about you, or to correct it, at the same address. Questions
        about this policy are welcome too.
      </p>
    </LegalPage>
  )
}
