/// <reference path="../.pb-types/types.d.ts" />
// Cross-cutting input limits for everything a visitor can send: an e-mail of at most 254
// characters, a password of at most 71 bytes (bcrypt's limit), each JSON field of its own
// type, no control characters in single-line text, server-only fields refused by name, and a
// clear 400 naming the field for a body PocketBase cannot read. Found by the fuzz tests
// (tests/integration/fuzz-*.test.ts). The rules live in lib/input-limits.js; lengths the schema
// knows stay the schema's too.

// Before PocketBase loads the request into a record and checks the collection's API rules. It
// would answer a JSON body that is not an object (malformed, an array, a field given twice) with
// "Something went wrong while processing your request.", and a password too long to hash or a
// create its rules refuse with an unnamed "Failed to create record." (and a users create with a
// path-like id even panics: 500); say what is wrong, naming the field. Batch sub-requests skip
// this part: PocketBase refuses them as before (unnamed), without the panic.
routerUse((e) => {
  const method = e.request.method
  const route = /^\/api\/collections\/([^/]+)\/records(\/[^/]+)?$/.exec(e.request.url.path)
  if (!route || (method !== 'POST' && method !== 'PATCH')) return e.next()

  // requestInfo() parses the body once and keeps it for the handler; reading the raw body here
  // instead would consume it before PocketBase gets to it.
  const lib = /** @type {typeof import('./lib/input-limits.js')} */ (
    require(`${__hooks}/lib/input-limits.js`)
  )
  let info
  try {
    info = e.requestInfo()
  } catch (err) {
    // A body over the limit of pb_hooks/request-limits.pb.js stays a 413.
    if (lib.isTooLarge(err)) throw err
    const problem = lib.bodyProblem(String(err))
    throw new BadRequestError(problem.message, lib.validationErrors(problem.fields))
  }

  // The checked fields as sent, for the record hook below (PocketBase coerces the body to the
  // field types before it builds the record).
  lib.keepSentFields(e, route[1], info.body)

  const verb = method === 'POST' ? 'create' : 'update'
  const passwords = lib.passwordProblems(route[1], info.body)
  if (Object.keys(passwords).length > 0) {
    throw new BadRequestError(`Failed to ${verb} record.`, lib.validationErrors(passwords))
  }

  if (method === 'POST' && !route[2]) {
    const ids = lib.idProblems(info.body)
    if (Object.keys(ids).length > 0) {
      throw new BadRequestError('Failed to create record.', lib.validationErrors(ids))
    }
  }

  if (method === 'POST' && !route[2] && !e.hasSuperuserAuth()) {
    const authId = e.auth && e.auth.collection().name === 'users' ? e.auth.id : ''
    const problems = lib.createRuleProblems(route[1], info.body, authId)
    if (Object.keys(problems).length > 0) {
      throw new BadRequestError('Failed to create record.', lib.validationErrors(problems))
    }
  }
  return e.next()
})

// After PocketBase has built the record: types, lengths and control characters. (The users
// collection runs the same checks in pb_hooks/users.pb.js, in a fixed order with its others.)
onRecordCreateRequest(
  (e) => {
    const { inputProblems, sentBody, validationErrors } =
      /** @type {typeof import('./lib/input-limits.js')} */ (
        require(`${__hooks}/lib/input-limits.js`)
      )
    const problems = inputProblems(e.collection.name, sentBody(e), e.record)
    if (Object.keys(problems).length === 0) return e.next()
    throw new BadRequestError('Failed to create record.', validationErrors(problems))
  },
  'contacts',
  'newsletter_subscriptions',
  'audits',
)
