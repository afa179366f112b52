// The console's Site tab: everything the site says (src/config/site-content.ts) in sections the
// consultant saves one at a time into the draft, then publishes as a new version, with the
// versions to roll back to. Each Save is one site_edits record queued through the outbox, so it
// works with no signal and survives a reload; the form shows the draft with the edits still on
// their way laid over it. Opens offline from the copy of the draft synced last.
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useSession } from '../../../backend/session'
import type { SiteContent } from '../../../config/site-content'
import { useOnline } from '../../../offline/online'
import { ErrorState, LoadingState } from '../StatusMessage'
import { useWhenDelivered } from '../use-people'
import { keepForm, keptForm } from './kept-form'
import { touchesFields, type PendingSiteEdit } from './site-edits'
import {
  SITE_SECTIONS,
  checkForm,
  contentWithEdits,
  formOf,
  problemsIn,
  rebaseForm,
  sectionChanged,
  sectionChanges,
  withFields,
  withPackageIds,
  type SiteForm,
  type SiteSection,
} from './site-form'
import { SitePublish } from './SitePublish'
import { SiteSectionForm, type SectionSaveOutcome } from './SiteSectionForm'
import { SiteVersions } from './SiteVersions'
import {
  discardSiteEdit,
  deliveredNow,
  queueSiteEdit,
  useSiteDraft,
  useSiteEdits,
  useSiteVersions,
  warmSiteOutbox,
  type DeliveredSiteEdit,
} from './use-site'
import './site-editor.css'

export default function SiteTab() {
  const online = useOnline()
  const draft = useSiteDraft()
  const versions = useSiteVersions()
  const edits = useSiteEdits()
  const [savedNow, setSavedNow] = useState(false)
  const refreshDraft = draft.refresh
  const refreshVersions = versions.refresh

  useEffect(() => warmSiteOutbox(), [])
  // What reached the server is loaded again; a copy shown offline is replaced once back.
  useWhenDelivered(edits.pending.filter((edit) => !edit.failed).length, refreshDraft)
  useEffect(() => {
    const back = () => {
      refreshDraft()
      refreshVersions()
    }
    window.addEventListener('online', back)
    return () => window.removeEventListener('online', back)
  }, [refreshDraft, refreshVersions])

  if (draft.loading) return <LoadingState />
  if (!draft.data) {
    return (
      <ErrorState
        text="Your site's draft could not be loaded."
        onRetry={refreshDraft}
        error={draft.error}
        offlineText="You're offline, and the site has not been opened on this device yet. It will load by itself when the connection is back."
      />
    )
  }
  const { value: answer, syncedAt, fromCopy } = draft.data

  return (
    <SiteEditor
      draftContent={answer.content}
      syncedAt={syncedAt}
      pending={edits.pending}
      delivered={edits.delivered}
      online={online}
      onSaved={(edit) => {
        setSavedNow(true)
        if (!edit) return
        edits.markDelivered(edit)
        refreshDraft()
      }}
      publish={(unsavedSections) => (
        <SitePublish
          draft={answer}
          syncedAt={syncedAt}
          fromCopy={fromCopy}
          online={online}
          pending={edits.pending}
          savedNow={savedNow || edits.delivered.length > 0}
          unsavedSections={unsavedSections}
          onPublished={() => {
            setSavedNow(false)
            edits.forgetDelivered()
            refreshDraft()
            refreshVersions()
          }}
        />
      )}
      history={
        <SiteVersions
          versions={versions.data?.value}
          fromCopy={versions.data?.fromCopy ?? false}
          loadProblem={!versions.loading && !versions.data}
          online={online}
          blocked={
            edits.pending.length > 0
              ? 'Rolling back waits until your saved changes have reached the server.'
              : ''
          }
          draftChanged={answer.changed}
          onRolledBack={() => {
            setSavedNow(false)
            edits.forgetDelivered()
            refreshDraft()
            refreshVersions()
          }}
          onRetry={refreshVersions}
        />
      }
    />
  )
}

function SiteEditor({
  draftContent,
  syncedAt,
  pending,
  delivered,
  online,
  onSaved,
  publish,
  history,
}: {
  draftContent: SiteContent
  syncedAt: number
  pending: PendingSiteEdit[]
  delivered: DeliveredSiteEdit[]
  online: boolean
  /** A section was saved (`delivered`: the server has it already). */
  onSaved: (delivered: DeliveredSiteEdit | null) => void
  publish: (unsavedSections: string[]) => ReactNode
  history: ReactNode
}) {
  const { user } = useSession()
  const adminId = user?.id ?? ''
  // What the server's draft will be once the edits on their way arrive (a delivered edit counts
  // until the draft has been loaded again after it).
  const base = useMemo(
    () =>
      contentWithEdits(draftContent, [
        ...delivered.filter((edit) => edit.at >= syncedAt),
        ...pending,
      ]),
    [draftContent, delivered, pending, syncedAt],
  )
  const baseKey = JSON.stringify(base)
  // What was typed and not saved before a look at another tab or at the preview comes back.
  const [kept] = useState(() => keptForm(adminId, base))
  const [form, setForm] = useState<SiteForm>(() => kept?.form ?? formOf(base))
  const [formBase, setFormBase] = useState({ key: baseKey, content: base })
  if (formBase.key !== baseKey) {
    // Loaded again, rolled back, or changed on another device: untouched sections follow.
    setFormBase({ key: baseKey, content: base })
    setForm((current) => rebaseForm(current, formBase.content, base))
  }
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => kept?.open ?? new Set([SITE_SECTIONS[0].id]),
  )

  const checked = useMemo(() => checkForm(form), [form])
  const unsaved = (section: SiteSection) => sectionChanged(checked.value, base, section.fields)
  const unsavedTitles = SITE_SECTIONS.filter(unsaved).map((section) => section.title)
  const anyUnsaved = unsavedTitles.length > 0

  useEffect(
    () => keepForm(adminId, anyUnsaved ? { form, base, open } : null),
    [adminId, anyUnsaved, form, base, open],
  )

  // Closing the page would lose what was typed and not saved: the browser asks.
  useEffect(() => {
    if (!anyUnsaved) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [anyUnsaved])

  const update = <K extends keyof SiteForm>(field: K, value: SiteForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }))

  async function save(section: SiteSection): Promise<SectionSaveOutcome> {
    const changes = sectionChanges(checked.value, section.fields)
    let result: Awaited<ReturnType<typeof queueSiteEdit>>
    try {
      result = await queueSiteEdit(changes, adminId)
    } catch {
      return { status: 'not-kept' }
    }
    if (result.status === 'failed') {
      // The form holds what was typed: the refused copy would only show twice.
      await discardSiteEdit(result.id).catch(() => undefined)
      return {
        status: 'refused',
        message: result.error?.serverMessage ?? '',
        fieldErrors: result.error?.fieldErrors ?? {},
      }
    }
    // A new package keeps the id it was saved with, whatever its name becomes.
    if (section.fields.includes('packages')) {
      setForm((current) => ({ ...current, packages: withPackageIds(current.packages) }))
    }
    // Refused edits of this section are replaced by this one.
    for (const edit of pending) {
      const own = Object.keys(edit.changes).every((field) =>
        section.fields.includes(field as keyof SiteContent),
      )
      if (edit.failed && own) await discardSiteEdit(edit.id).catch(() => undefined)
    }
    onSaved(result.status === 'sent' ? deliveredNow(result.id, changes) : null)
    return { status: result.status }
  }

  return (
    <div className="site-ed">
      <p className="site-ed__lead">
        Change what your site says, one section at a time. Each Save goes into the draft; nothing
        changes for visitors until you publish.
      </p>
      <div className="site-ed__side">{publish(unsavedTitles)}</div>
      <div className="site-ed__sections">
        {SITE_SECTIONS.map((section) => (
          <SiteSectionForm
            key={section.id}
            section={section}
            form={form}
            update={update}
            problems={problemsIn(checked.problems, section.fields)}
            unsaved={unsaved(section)}
            edits={pending.filter((edit) => touchesFields([edit], section.fields))}
            online={online}
            open={open.has(section.id)}
            onToggle={() =>
              setOpen((prev) => {
                const next = new Set(prev)
                if (next.has(section.id)) next.delete(section.id)
                else next.add(section.id)
                return next
              })
            }
            onSave={() => save(section)}
            onUndo={() => setForm((current) => withFields(current, base, section.fields))}
            onDiscard={(edit) => void discardSiteEdit(edit.id).catch(() => undefined)}
          />
        ))}
      </div>
      <div className="site-ed__history">{history}</div>
    </div>
  )
}
