/// <reference path="../.pb-types/types.d.ts" />
// The users collection loses PocketBase's default `avatar` file field: the site never shows an
// avatar, and the field let any sign-up store a 5 MB file (one IP grew the data directory by
// 160 MB in 15 s). With no file field left, the records API takes no uploads at all. The down
// migration puts back the field as PocketBase creates it (files uploaded meanwhile are gone).

const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml', 'image/gif', 'image/webp']

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users')
    users.fields.removeByName('avatar')
    app.save(users)
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users')
    users.fields.add(new FileField({ name: 'avatar', maxSelect: 1, mimeTypes: AVATAR_MIME_TYPES }))
    app.save(users)
  },
)
