// Under the People list, beside "When someone goes stale": the switch for the morning mail,
// Today's list by e-mail at 7:00 on the site's clock (server/people/morning-job.ts). Saved on the
// server at once, not offline: the card says so when it cannot reach it.
import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import {
  getPeopleSettings,
  savePeopleSettings,
  type PeopleSettings,
} from '../../backend/people-api'
import { ErrorState, LoadingState } from './StatusMessage'
import { failedSave, type SaveState } from './settings-save'
import { useServerData } from './use-admin'
import './morning-mail.css'

export function MorningMailSettings() {
  const id = useId()
  const loaded = useServerData('people-settings', () => getPeopleSettings(pb))
  return (
    <section className="admin-morning-mail card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-morning-mail__title">
        Morning mail
      </h2>
      {loaded.loading ? (
        <LoadingState />
      ) : !loaded.data ? (
        <ErrorState
          text="Failed to fetch the morning mail setting."
          onRetry={loaded.refresh}
          error={loaded.error}
        />
      ) : (
        <MorningMailSwitch
          settings={loaded.data}
          onSaved={(answer) => loaded.patch(() => answer)}
        />
      )}
    </section>
  )
}

function MorningMailSwitch({
  settings,
  onSaved,
}: {
  settings: PeopleSettings
  onSaved: (answer: PeopleSettings) => void
}) {
  const id = useId()
  // The position asked for while it is being saved; the saved one otherwise.
  const [asked, setAsked] = useState<boolean | null>(null)
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })
  const on = asked ?? settings.morningMail

  async function change(next: boolean) {
    setAsked(next)
    setSave({ kind: 'saving' })
    try {
      onSaved(await savePeopleSettings(pb, { morningMail: next }))
      setSave({ kind: 'saved' })
    } catch (err) {
      const failed = failedSave(err)
      const named = failed.fields.morningMail
      setSave({ kind: 'error', text: named ? `Not saved: ${named}` : failed.text })
    } finally {
      setAsked(null)
    }
  }

  const note =
    save.kind === 'saving'
      ? 'Saving...'
      : save.kind === 'saved'
        ? settings.morningMail
          ? 'Saved: on. The next mail comes at 7:00 if someone is on Today.'
          : 'Saved: off. No more morning mails.'
        : ''
  return (
    <>
      <label className="admin-morning-mail__switch" htmlFor={`${id}-switch`}>
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={on}
          disabled={save.kind === 'saving'}
          aria-describedby={`${id}-about`}
          onChange={(e) => void change(e.target.checked)}
        />
        Morning mail at 7:00 with Today&rsquo;s list
      </label>
      <p id={`${id}-about`} className="admin-muted">
        Each morning at 7:00 ({settings.timeZone} time), an e-mail listing who is on Today, to the
        address that gets the site&rsquo;s notifications. No mail on a morning when nobody needs
        you.
      </p>
      {save.kind === 'error' ? (
        <p className="admin-error" role="alert">
          {save.text}
        </p>
      ) : (
        <p className="admin-note" role="status">
          {note}
        </p>
      )}
    </>
  )
}
