// The nav's Sign Out: asks first when unsent audits would be deleted from this device, then
// signs out and goes home. The account code loads on click, so pages never pay for it.
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '../../config/paths'

function unsentWarning(count: number): string {
  const what = count === 1 ? 'One of your audits has' : `${count} of your audits have`
  return `${what} not been sent yet. Signing out deletes ${count === 1 ? 'it' : 'them'} from this device. Sign out anyway?`
}

export function useSignOut(): { signingOut: boolean; signOut: () => Promise<void> } {
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)

  async function signOut() {
    setSigningOut(true)
    try {
      const { countUnsentOfCurrentUser, signOutOnDevice } = await import('./account-actions')
      const unsent = await countUnsentOfCurrentUser()
      if (unsent > 0 && !window.confirm(unsentWarning(unsent))) return
      await signOutOnDevice()
      navigate(paths.home)
    } catch (err) {
      console.error('Sign out failed', err)
    } finally {
      setSigningOut(false)
    }
  }

  return { signingOut, signOut }
}
