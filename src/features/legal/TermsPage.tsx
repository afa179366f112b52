import { Link } from 'react-router-dom'
import { paths } from '../../config/paths'
import { useSiteContent } from '../../components/site-content'
import { mailtoHref } from '../../config/email-address'
import { LegalPage } from './LegalPage'

/** `/terms`: the plain-words terms of using the site, the audit and an account. */
export default function TermsPage() {
  const { businessName, ownerName, location, email } = useSiteContent()
  const mail = <a href={mailtoHref(email)}>{email}</a>
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <p>
        These terms cover your use of this website, run by {ownerName} ({businessName}) in{' '}
        {location}. By using the site or creating an account you agree to them. If something here is
        unclear, email {mail}.
      </p>

      <h2>The free Business Efficiency Audit</h2>
      <p>
        The audit is a free, automated questionnaire. Its scores and recommendations are general
        suggestions based only on your answers, not professional, legal, financial or tax advice for
        your particular business. Use your own judgement, and talk to me or another professional
        before making big decisions.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>
          Give a real email address and keep your password to yourself. You are responsible for what
          happens in your account.
        </li>
        <li>
          You can delete your account at any time from the Settings tab of your dashboard. What that
          deletes is described in the <Link to={paths.privacy}>Privacy Policy</Link>.
        </li>
        <li>
          I may close accounts that are used to abuse the site, for example to send spam through its
          forms.
        </li>
      </ul>

      <h2>Using the site fairly</h2>
      <p>
        Please don't try to break, overload or get around the security of the site, send automated
        or bulk submissions, or use it to send anything unlawful. The server limits how many
        requests it accepts from one place to keep the site up for everyone.
      </p>

      <h2>Offline use</h2>
      <p>
        The site works with a poor connection: things you submit while offline are kept on your
        device and sent when you are back online. Until then they have not reached me, and they can
        be lost if you clear your browser's data or the device is lost. If something is urgent,
        email or call.
      </p>

      <h2>Services and prices</h2>
      <p>
        Prices shown on the site are one-time prices in US dollars for the work described. The exact
        scope, timing and price of any project are agreed in writing before work starts; those
        written terms take priority over this page.
      </p>

      <h2>Content and availability</h2>
      <p>
        The text, design and audit on this site belong to {businessName}. You are welcome to share
        links and to keep your own audit results. I work to keep the site accurate and available,
        but it is provided as it is, without guarantees, and I am not liable for losses caused by
        relying on it, to the extent the law allows.
      </p>

      <h2>Changes</h2>
      <p>
        If these terms change, the new version will be posted here with a new date. The terms of New
        Hampshire, USA, apply.
      </p>
    </LegalPage>
  )
}
