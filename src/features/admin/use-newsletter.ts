// The Newsletter tab's data hooks: issues and settings (with the offline copy), the drafts still
// in this device's outbox, an issue's results polled while it is being sent, and the autosave.
import { useCallback, useEffect, useRef, useState } from 'react'
import { pb } from '../../backend/client'
import {
  getIssueResults,
  getNewsletterSettings,
  listIssues,
  type IssueResults,
} from '../../backend/newsletter-issues-api'
import { useSession } from '../../backend/session'
import {
  saveIssueDraft,
  watchIssueDrafts,
  type PendingIssueDraft,
} from '../../offline/newsletter-drafts'
import type { IssueContent } from '../../content/issue-preview'
import { useServerData } from './use-admin'
import { useSyncedData } from './use-people'

export function useIssues() {
  return useSyncedData('newsletter-issues', () => listIssues(pb))
}

export function useNewsletterSettings() {
  return useSyncedData('newsletter-settings', () => getNewsletterSettings(pb))
}

/** This admin's issue drafts still in the outbox (new issues, autosaved edits). */
export function useIssueDrafts(): PendingIssueDraft[] {
  const { user } = useSession()
  const userId = user?.id ?? ''
  const [state, setState] = useState<{ userId: string; drafts: PendingIssueDraft[] }>({
    userId: '',
    drafts: [],
  })
  useEffect(() => {
    if (!userId) return
    return watchIssueDrafts(userId, (drafts) => setState({ userId, drafts }))
  }, [userId])
  return state.userId === userId ? state.drafts : []
}

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_MS = 700

/**
 * Saves the draft `AUTOSAVE_MS` after typing pauses, and at once when the editor closes (another
 * issue, another tab, a reload), so nothing typed is lost. `content` as first shown counts as
 * saved. Returns a problem to show when this device could not store it.
 */
export function useAutosave(issueId: string, content: IssueContent) {
  const { user } = useSession()
  const adminId = user?.id ?? ''
  const latest = useRef({ issueId, content, adminId })
  useEffect(() => {
    latest.current = { issueId, content, adminId }
  })
  const saved = useRef(JSON.stringify(content))
  const [problem, setProblem] = useState('')

  const saveNow = useCallback(async () => {
    const { issueId: id, content: now, adminId: owner } = latest.current
    const text = JSON.stringify(now)
    if (text === saved.current || !owner) return
    saved.current = text
    try {
      await saveIssueDraft({ issue: id, ...now }, owner)
      setProblem('')
    } catch {
      saved.current = ''
      setProblem('The draft could not be saved on this device. Copy your text somewhere safe.')
    }
  }, [])

  useEffect(() => {
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_MS)
    return () => clearTimeout(timer)
  }, [content, saveNow])

  useEffect(() => {
    const onHide = () => void saveNow()
    window.addEventListener('pagehide', onHide)
    return () => {
      window.removeEventListener('pagehide', onHide)
      void saveNow()
    }
  }, [saveNow])

  return { problem }
}

/** The issue's results, every few seconds while copies are still going out. */
export function useIssueResults(issueId: string) {
  const results = useServerData<IssueResults>(`newsletter-results:${issueId}`, () =>
    getIssueResults(pb, issueId),
  )
  const { refresh } = results
  const going = results.data ? results.data.status === 'sending' || results.data.waiting > 0 : false
  useEffect(() => {
    if (!going) return
    const timer = setInterval(refresh, 3000)
    return () => clearInterval(timer)
  }, [going, refresh])
  return results
}
