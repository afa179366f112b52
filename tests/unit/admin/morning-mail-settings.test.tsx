// @vitest-environment jsdom
// The morning mail's switch under People (src/features/admin/MorningMailSettings.tsx) with the
// People settings calls mocked at their boundary: it loads the setting and names the site's time
// zone, saves a tap at once (only the switch's own field), says so, and goes back to where it was
// when the save fails; a failed load offers Try Again.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getPeopleSettings, savePeopleSettings } from '../../../src/backend/people-api'
import type { PeopleSettings } from '../../../src/backend/people-api'
import { STALE_DEFAULTS } from '../../../src/config/leads'
import { MorningMailSettings } from '../../../src/features/admin/MorningMailSettings'

vi.mock('../../../src/backend/people-api', () => ({
  getPeopleSettings: vi.fn(),
  savePeopleSettings: vi.fn(),
}))
const load = vi.mocked(getPeopleSettings)
const save = vi.mocked(savePeopleSettings)

const OFF: PeopleSettings = {
  staleDays: STALE_DEFAULTS,
  morningMail: false,
  timeZone: 'America/New_York',
}

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

async function shown(settings: PeopleSettings = OFF): Promise<HTMLInputElement> {
  load.mockResolvedValue(settings)
  render(<MorningMailSettings />)
  return (await screen.findByRole('switch', {
    name: 'Morning mail at 7:00 with Today’s list',
  })) as HTMLInputElement
}

describe('MorningMailSettings', () => {
  it('shows the saved setting, off by default, and names the time zone', async () => {
    const toggle = await shown()
    expect(toggle.checked).toBe(false)
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy()
    const about = document.getElementById(toggle.getAttribute('aria-describedby')!)!
    expect(about.textContent).toContain('7:00 (America/New_York time)')
  })

  it('saves a tap at once, the switch alone, and says it is on', async () => {
    let answer: (value: PeopleSettings) => void = () => {}
    save.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const toggle = await shown()
    await act(async () => fireEvent.click(toggle))
    expect(save).toHaveBeenCalledWith(expect.anything(), { morningMail: true })
    expect(toggle.checked).toBe(true)
    expect(toggle.disabled).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('Saving...')
    await act(async () => answer({ ...OFF, morningMail: true }))
    expect(toggle.checked).toBe(true)
    expect(toggle.disabled).toBe(false)
    expect(screen.getByRole('status').textContent).toMatch(/^Saved: on\./)
  })

  it.each([
    [
      'the server names the field',
      {
        status: 400,
        response: { data: { morningMail: { message: 'true (on) or false (off).' } } },
      },
      'Not saved: true (on) or false (off).',
    ],
    [
      'the server cannot be reached',
      { status: 0, response: {} },
      'Not saved: the server could not be reached. Your changes are still here; try again.',
    ],
  ])('goes back to off when %s, and says why', async (_case, error, text) => {
    save.mockRejectedValue(error)
    const toggle = await shown()
    await act(async () => fireEvent.click(toggle))
    expect(toggle.checked).toBe(false)
    expect(screen.getByRole('alert').textContent).toBe(text)
  })

  it('offers Try Again when the setting cannot be loaded', async () => {
    load
      .mockRejectedValueOnce(new Error('500'))
      .mockResolvedValueOnce({ ...OFF, morningMail: true })
    render(<MorningMailSettings />)
    expect(await screen.findByText('Failed to fetch the morning mail setting.')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try Again' })))
    expect(((await screen.findByRole('switch')) as HTMLInputElement).checked).toBe(true)
  })
})
