/// <reference path="../.pb-types/types.d.ts" />
// people_settings.morningMail: whether the consultant gets Today's list by e-mail at 7:00 on the
// site's clock (server/people/morning-job.ts). Off (false) for the row that exists and for one
// made later; written by PUT /api/people/settings only, like the rest of the row.

migrate(
  (app) => {
    const settings = app.findCollectionByNameOrId('people_settings')
    settings.fields.add(new BoolField({ name: 'morningMail' }))
    app.save(settings)
  },
  (app) => {
    const settings = app.findCollectionByNameOrId('people_settings')
    settings.fields.removeByName('morningMail')
    app.save(settings)
  },
)
