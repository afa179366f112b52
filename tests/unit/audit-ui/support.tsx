// Shared set-up of the audit UI tests: a router, the real drafts in fake-indexeddb, and helpers
// that act like a visitor (pick an answer, press a button) and wait for React and Dexie.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { expect, vi } from 'vitest'
import { evaluateAudit, sections } from '../../../src/audit'
import { offlineDb } from '../../../src/offline/db'
import { loadDraft } from '../../../src/offline/drafts'
import { withSiteContent } from '../support/site-content'

export function renderAt(path: string, page: ReactElement) {
  return render(withSiteContent(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>))
}

export async function resetOfflineDb() {
  const db = offlineDb()
  await db.drafts.clear()
  await db.outbox.clear()
}

export function stubWindow() {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
  vi.spyOn(window, 'confirm').mockReturnValue(true)
}

/** Ticks until pending IndexedDB work and renders are done. */
export async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

/**
 * The section's heading, once its questions show too: they come a frame after the section's top
 * (QuestionStep), which on a busy host can be after the heading is found.
 */
export async function sectionHeading(index: number) {
  const heading = await screen.findByRole('heading', { level: 1, name: sections[index].name })
  await waitFor(() => expect(heading.closest('section')?.getAttribute('aria-busy')).toBe('false'))
  return heading
}

/** Picks an option by its label inside the question's group (named by the question text). */
export function choose(questionText: string, optionLabel: string) {
  const group = screen.getByRole('group', { name: new RegExp(escape(questionText)) })
  const radio = Array.from(group.querySelectorAll<HTMLInputElement>('input[type=radio]')).find(
    (input) => input.closest('label')?.textContent === optionLabel,
  )
  if (!radio) throw new Error(`No option "${optionLabel}" in "${questionText}"`)
  fireEvent.click(radio)
  return radio
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export async function press(name: string | RegExp) {
  // As a visitor would: once the button takes a press (Start, for one, waits for the draft's
  // read, which on a busy host can take longer than the landing takes to show).
  const button = await waitFor(() => {
    const found = screen.getByRole('button', { name }) as HTMLButtonElement
    expect(found.disabled).toBe(false)
    return found
  })
  fireEvent.click(button)
  await settle()
}

/** The draft as stored, once it matches `expected` (saves are asynchronous). */
export async function expectDraft(
  flow: string,
  userId: string | undefined,
  expected: Record<string, unknown>,
) {
  await waitFor(async () => {
    expect(await loadDraft(flow, userId)).toMatchObject(expected)
  })
}

export const sampleAnswers = {
  primary_goal: 'increase_leads',
  lead_generation: 'word_of_mouth',
  lead_tracking: 'spreadsheets',
  website_conversion: 'no_website',
} as const

export const sampleEvaluation = () => evaluateAudit({ ...sampleAnswers }, {})
