/// <reference path="../../.pb-types/types.d.ts" />
// What every /api/webhooks route checks first: who asks, which endpoint, and the JSON body.

/**
 * The site admin or a superuser, else 403.
 * @param {core.RequestEvent} e
 */
function requireConsultant(e) {
  if (e.hasSuperuserAuth()) return
  if (e.auth && e.auth.collection().name === 'users' && e.auth.getBool('isAdmin')) return
  throw new ForbiddenError('Only the site admin can manage webhooks.')
}

/**
 * The endpoint named in the path, else 404.
 * @param {core.RequestEvent} e
 * @returns {core.Record}
 */
function endpointOfPath(e) {
  try {
    return e.app.findRecordById('webhook_endpoints', e.request.pathValue('id'))
  } catch (_) {
    throw new NotFoundError('No such webhook endpoint.')
  }
}

/**
 * The request's JSON object ({} without a body), else 400.
 * @param {core.RequestEvent} e
 * @returns {Record<string, unknown>}
 */
function jsonBody(e) {
  const body = e.requestInfo().body
  if (body === null || body === undefined) return {}
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequestError('Send a JSON object.')
  }
  return body
}

module.exports = { requireConsultant, endpointOfPath, jsonBody }
