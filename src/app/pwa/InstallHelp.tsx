import { APP_VERSION } from './app-version'

/**
 * How to put the app on a home screen, for the privacy page or any help note. iOS Safari has
 * no install prompt, so its steps are spelled out; Chromium browsers get the 'Install app'
 * button (InstallButton) when they offer installation.
 */
export function InstallHelp({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section className="install-help" aria-labelledby="install-help-heading">
      <Heading id="install-help-heading">Put the app on your home screen</Heading>
      <p>
        Once installed, the app opens without a signal: you can take the audit offline and it is
        sent when you are back online.
      </p>
      <ul>
        <li>
          <strong>iPhone or iPad (Safari):</strong> tap the Share button (the square with an arrow
          pointing up), choose <strong>Add to Home Screen</strong>, then tap <strong>Add</strong>.
        </li>
        <li>
          <strong>Android, or Chrome and Edge on a computer:</strong> use the{' '}
          <strong>Install app</strong> button at the bottom of the page, or{' '}
          <strong>Install app</strong> / <strong>Add to Home screen</strong> in the browser menu.
        </li>
      </ul>
      <p className="install-help__version">App version {APP_VERSION}</p>
    </section>
  )
}
