// What the consultant typed in the Site tab and has not saved yet, kept for the browser tab's
// session (sessionStorage): the console's tabs are pages of their own and Preview loads the site,
// so a look at People or at the preview would otherwise start the form again from the draft and
// lose the words. Kept with the draft it was typed over, so the sections left untouched follow
// the draft as it is when the form comes back (rebaseForm). Closing the tab still asks first
// (SiteTab's beforeunload). A copy that cannot be read (an older shape, storage refused) is
// simply not used.
import type { SiteContent } from '../../../config/site-content'
import { formOf, rebaseForm, type SiteForm } from './site-form'

const KEY_PREFIX = 'site-form:'

export interface KeptForm {
  form: SiteForm
  /** The site sections that were open. */
  open: ReadonlySet<string>
}

interface Stored {
  form: SiteForm
  base: SiteContent
  open: string[]
}

/** Keeps the unsaved form of `adminId`, typed over `base`; `null` forgets it (all saved). */
export function keepForm(adminId: string, kept: (KeptForm & { base: SiteContent }) | null): void {
  try {
    if (kept === null) {
      sessionStorage.removeItem(KEY_PREFIX + adminId)
      return
    }
    const stored: Stored = { form: kept.form, base: kept.base, open: [...kept.open] }
    sessionStorage.setItem(KEY_PREFIX + adminId, JSON.stringify(stored))
  } catch {
    // Storage full or refused: the form still works, it is only not kept.
  }
}

/** The form `adminId` left unsaved, laid over `base` (the draft now); null if none. */
export function keptForm(adminId: string, base: SiteContent): KeptForm | null {
  let stored: Partial<Stored> | null
  try {
    stored = JSON.parse(sessionStorage.getItem(KEY_PREFIX + adminId) ?? 'null') as Partial<Stored>
  } catch {
    return null
  }
  if (!stored || typeof stored.form !== 'object' || typeof stored.base !== 'object') return null
  // Fields added to the content since it was kept come from the draft.
  const form = { ...formOf(base), ...stored.form }
  const before = { ...base, ...stored.base }
  return {
    form: rebaseForm(form, before, base),
    open: new Set(Array.isArray(stored.open) ? stored.open.map(String) : []),
  }
}
