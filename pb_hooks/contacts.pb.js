/// <reference path="../.pb-types/types.d.ts" />
// Contact messages are stored trimmed, lowercased and unprocessed; a call-back needs a phone
// number; a message from an audit report names its audit (server/leads/contacts.ts).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).leads.hooks.normaliseContact(e),
  'contacts',
)
