/// <reference path="../.pb-types/types.d.ts" />
// Pictures the consultant uploads in the console's Site tab (a case study's picture): one file
// per record, at most SITE_IMAGES.maxBytes, a JPEG, PNG or WebP as PocketBase reads it from the
// file's bytes (not its name), with the widths the page shows made by PocketBase's thumbs
// (src/config/site-images.ts). Only the site admin uploads; nobody lists them, changes
// or deletes them through the API (a version rolled back to still shows its picture). The files
// are public, like every picture on the site: a page names them as
// /api/files/site_images/<record id>/<file name>.

migrate(
  (app) => {
    const { SITE_IMAGES } = /** @type {typeof import('../server/main')} */ (
      require(`${__hooks}/generated/server.cjs`)
    ).site
    app.save(
      new Collection(
        /** @type {any} */ ({
          type: 'base',
          name: SITE_IMAGES.collection,
          listRule: null,
          viewRule: null,
          createRule: '@request.auth.isAdmin = true',
          updateRule: null,
          deleteRule: null,
          fields: [
            {
              name: SITE_IMAGES.field,
              type: 'file',
              required: true,
              maxSelect: 1,
              maxSize: SITE_IMAGES.maxBytes,
              mimeTypes: [...SITE_IMAGES.types],
              thumbs: SITE_IMAGES.thumbWidths.map((width) => `${width}x0`),
              protected: false,
            },
            { name: 'uploadedBy', type: 'text', max: 254 },
            { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          ],
        }),
      ),
    )
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('site_images'))
  },
)
