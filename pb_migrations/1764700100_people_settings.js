/// <reference path="../.pb-types/types.d.ts" />
// people_settings: the consultant's People settings, one row (server/people/settings.ts): after how
// many days without activity a person in each open status (New, Contacted, Call booked) is stale.
// Written by PUT /api/people/settings only; nobody reads or writes it through the records API.

migrate(
  (app) => {
    app.save(
      new Collection(
        /** @type {any} */ ({
          type: 'base',
          name: 'people_settings',
          listRule: null,
          viewRule: null,
          createRule: null,
          updateRule: null,
          deleteRule: null,
          fields: [
            { name: 'staleDays', type: 'json', maxSize: 1024 },
            { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
            { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
          ],
        }),
      ),
    )
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('people_settings'))
  },
)
