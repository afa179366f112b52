/// <reference path="../.pb-types/types.d.ts" />
// Contact messages: stored trimmed, with a lowercased e-mail, and always
// unprocessed on create. The create rule already refuses a client that presets `processed`;
// forcing it here also covers superuser and batch creates. A name or message that is only
// blank space becomes empty and fails the field's `required` check (400 naming the field).

onRecordCreateRequest((e) => {
  for (const field of ['name', 'email', 'message']) {
    e.record.set(field, e.record.getString(field).trim())
  }
  e.record.set('email', e.record.getString('email').toLowerCase())
  e.record.set('processed', false)
  return e.next()
}, 'contacts')
