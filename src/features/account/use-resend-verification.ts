import { useState } from 'react'
import { passwordResetErrorMessage } from '../../backend/account-api'
import { verificationResent } from '../../backend/account-links'
import { requestVerification } from '../../backend/session'

/** "Resend Verification Email": asks PocketBase for a new link, with what it answered. */
export function useResendVerification() {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  async function resend() {
    setBusy(true)
    setResult(null)
    try {
      await requestVerification()
      setResult({ ok: true, text: verificationResent })
    } catch (err) {
      setResult({ ok: false, text: passwordResetErrorMessage(err) })
    } finally {
      setBusy(false)
    }
  }

  return { busy, result, resend }
}
