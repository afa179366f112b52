import { useState } from 'react'
import type { FormEvent } from 'react'
import { accountMessages, passwordResetErrorMessage } from '../../backend/account-api'
import { requestPasswordReset } from '../../backend/session'

/**
 * Asks PocketBase to mail a password-reset link to `email`, for a form's onSubmit; the answer
 * never says whether the address is registered. Used by ResetLinkForm (sign-in's "Forgot password?" and the
 * reset page's "send a new link").
 */
export function useResetLinkRequest(email: string) {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  async function onSubmit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault()
    if (busy) return
    setBusy(true)
    setResult(null)
    try {
      await requestPasswordReset(email)
      setResult({ ok: true, text: accountMessages.resetRequested })
    } catch (err) {
      setResult({ ok: false, text: passwordResetErrorMessage(err) })
    } finally {
      setBusy(false)
    }
  }

  return { busy, result, onSubmit }
}
