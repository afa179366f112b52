// One rule for addresses and one way to link to them (src/config/email-address.ts): the forms,
// the server's input checks and every mailto: link of the site use these.
import { describe, expect, it } from 'vitest'
import { emailAddressProblem, mailtoHref } from '../../../src/config/email-address'
import { messages } from '../../../src/config/messages'

describe('emailAddressProblem', () => {
  it.each([
    'lead?bcc=spy%40evil.test&x=y@evil.test',
    'a&b@example.com',
    'percent%40@example.com',
    'path/part@example.com',
    '"quoted"@example.com',
    "o'brien@example.com",
  ])('refuses %s with the message the forms show', (address) => {
    expect(emailAddressProblem(address)).toBe(messages.emailUnsafeCharacters)
  })

  it.each(['pat@example.com', 'pat.doe+news@mail.example.co.uk', 'PAT_1-x@example.com', ''])(
    'accepts %s',
    (address) => {
      expect(emailAddressProblem(address)).toBeNull()
    },
  )
})

describe('mailtoHref', () => {
  it('keeps a plain address readable', () => {
    expect(mailtoHref('pat@example.com')).toBe('mailto:pat@example.com')
  })

  it('percent-encodes the address, the subject and the body, so nothing adds its own field', () => {
    const href = mailtoHref('lead?bcc=spy%40evil.test&x=y@evil.test', {
      subject: 'Re: your audit & more',
      body: 'Hi,\nthanks?',
    })
    const url = new URL(href)
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body'])
    expect(url.searchParams.get('subject')).toBe('Re: your audit & more')
    expect(url.searchParams.get('body')).toBe('Hi,\nthanks?')
    expect(decodeURIComponent(url.pathname)).toBe('lead?bcc=spy%40evil.test&x=y@evil.test')
  })
})
