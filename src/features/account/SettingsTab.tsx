import { lazy, Suspense, useId, useState } from 'react'
import type { FormEvent } from 'react'
import { paths } from '../../config/paths'
import { accountMessages, passwordResetErrorMessage } from '../../backend/account-api'
import { deleteAccountErrorMessage } from '../../backend/errors'
import { messages } from '../../config/messages'
import { requestPasswordReset, requestVerification } from '../../backend/session'
import { deleteAccount } from './account-actions'
import type { UserRecord } from '../../backend/types'
import { Modal } from '../../components/Modal'
import { Field } from '../../components/Field'
import ChangeEmailCard from './ChangeEmailCard'
import NameCard from './NameCard'

// Its own chunk: the dashboard opens on Overview, and its JavaScript has a byte budget.
const NewsletterSettings = lazy(() => import('./NewsletterSettings'))

/** Where the dashboard goes once the account is gone, with the notice for the home page. */
export interface Leaving {
  to: string
  state: { notice: string }
}

type Feedback = { ok: boolean; text: string } | null

export function SettingsTab({
  user,
  onLeaving,
}: {
  user: UserRecord
  onLeaving: (to: Leaving | null) => void
}) {
  const [reset, setReset] = useState<Feedback>(null)
  const [resetBusy, setResetBusy] = useState(false)
  const [verify, setVerify] = useState<Feedback>(null)
  const [verifyBusy, setVerifyBusy] = useState(false)
  const [deletion, setDeletion] = useState<Feedback>(null)
  const [dialog, setDialog] = useState(false)

  async function sendReset() {
    setResetBusy(true)
    setReset(null)
    try {
      await requestPasswordReset(user.email)
      setReset({ ok: true, text: messages.passwordResetSent })
    } catch (err) {
      setReset({ ok: false, text: passwordResetErrorMessage(err) })
    } finally {
      setResetBusy(false)
    }
  }

  async function resendVerification() {
    setVerifyBusy(true)
    setVerify(null)
    try {
      await requestVerification()
      setVerify({ ok: true, text: accountMessages.verificationSent })
    } catch (err) {
      setVerify({ ok: false, text: passwordResetErrorMessage(err) })
    } finally {
      setVerifyBusy(false)
    }
  }

  return (
    <div className="dashboard-settings">
      <h2>Settings</h2>
      <NameCard user={user} />
      <ChangeEmailCard email={user.email} />

      {!user.verified && (
        <div className="dashboard-card">
          <h3>Verify your email</h3>
          <p>
            Your email is not verified yet. Open the link we sent you to verify it; free audits you
            took with this email then appear under My Audits.
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={resendVerification}
            disabled={verifyBusy}
          >
            {verifyBusy ? 'Sending...' : 'Resend Verification Email'}
          </button>
          <FeedbackLine feedback={verify} />
        </div>
      )}

      <div className="dashboard-card">
        <h3>Password</h3>
        <p>We&apos;ll email you a link to choose a new password.</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={sendReset}
          disabled={resetBusy}
        >
          {resetBusy ? 'Sending...' : 'Send Password Reset'}
        </button>
        <FeedbackLine feedback={reset} />
      </div>

      <Suspense fallback={null}>
        <NewsletterSettings user={user} />
      </Suspense>

      <div className="dashboard-card danger-zone">
        <h3>Delete Your Account</h3>
        <p>
          Deleting your account permanently removes your audits, free audits made with your verified
          email, your newsletter subscription and everything saved on this device.
        </p>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            setDeletion(null)
            setDialog(true)
          }}
        >
          Delete Account
        </button>
        <FeedbackLine feedback={deletion} />
      </div>

      <Modal
        open={dialog}
        title="Delete Account"
        onClose={() => {
          // Escape, the close button or the backdrop: nothing was deleted.
          setDialog(false)
          setDeletion((current) => current ?? { ok: false, text: messages.deleteCancelled })
        }}
      >
        <DeleteAccountSteps
          onCancel={() => {
            setDeletion({ ok: false, text: messages.deleteCancelled })
            setDialog(false)
          }}
          onFailed={(text) => {
            onLeaving(null)
            setDeletion({ ok: false, text })
            setDialog(false)
          }}
          onLeaving={() => onLeaving({ to: paths.home, state: { notice: messages.deleteSuccess } })}
        />
      </Modal>
    </div>
  )
}

function FeedbackLine({ feedback }: { feedback: Feedback }) {
  return (
    <p className={feedback?.ok === false ? 'dashboard-error' : 'dashboard-success'} role="status">
      {feedback?.text}
    </p>
  )
}

/** Account deletion: a confirmation, then the current password; an empty password cancels. */
function DeleteAccountSteps({
  onCancel,
  onFailed,
  onLeaving,
}: {
  onCancel: () => void
  onFailed: (text: string) => void
  onLeaving: () => void
}) {
  const [step, setStep] = useState<'confirm' | 'password'>('confirm')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const passwordId = useId()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (!password) return onCancel()
    setBusy(true)
    // The session ends inside deleteAccount: the dashboard must then go home, not to /login.
    onLeaving()
    try {
      await deleteAccount(password)
    } catch (err) {
      setBusy(false)
      onFailed(deleteAccountErrorMessage(err))
    }
  }

  if (step === 'confirm') {
    return (
      <div className="delete-steps">
        <p>{messages.deleteConfirm}</p>
        <div className="delete-steps__actions">
          <button type="button" className="btn btn-danger" onClick={() => setStep('password')}>
            Yes, Delete My Account
          </button>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    )
  }
  return (
    <form className="delete-steps" onSubmit={onSubmit}>
      <Field label="Enter your current password to confirm" htmlFor={passwordId}>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <div className="delete-steps__actions">
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? 'Deleting...' : 'Delete Account Permanently'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}
