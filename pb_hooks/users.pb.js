/// <reference path="../.pb-types/types.d.ts" />
// Accounts (DESIGN.md §3): the e-mail is stored trimmed and lowercased, so it compares equal
// to the lowercased e-mail on audits and newsletter rows; `agreedToTermsAt` is a server
// timestamp. A client that agrees (`agreedToTerms: true`, or any non-empty
// `agreedToTermsAt`) gets the server's "now"; whatever time it sent is ignored.

onRecordCreateRequest((e) => {
  e.record.set('email', e.record.getString('email').trim().toLowerCase())

  const body = e.requestInfo().body
  const agreed = body.agreedToTerms === true || !!body.agreedToTermsAt
  e.record.set('agreedToTermsAt', agreed ? new DateTime() : '')
  return e.next()
}, 'users')

// Once set, the agreement time is the server's record: a later update may stamp it only if
// it was never set, and can never move or clear it.
onRecordUpdateRequest((e) => {
  const body = e.requestInfo().body
  if (!('agreedToTermsAt' in body) && !('agreedToTerms' in body)) return e.next()

  const previous = e.record.original().getString('agreedToTermsAt')
  const agreed = body.agreedToTerms === true || !!body.agreedToTermsAt
  e.record.set('agreedToTermsAt', previous || (agreed ? new DateTime() : ''))
  return e.next()
}, 'users')
