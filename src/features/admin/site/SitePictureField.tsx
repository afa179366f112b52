// A case study's picture in the Site tab: what the page shows now, Upload (or Replace) and
// Remove, and the words for people who cannot see it. An upload needs a connection (the picture
// goes to the server at once; only the text edits wait in the outbox); the file's kind and size
// are checked here first so the consultant hears at once, and again by the server from its bytes.
import { useContext, useId, useRef, useState } from 'react'
import { ClientResponseError } from 'pocketbase'
import { pb } from '../../../backend/client'
import { uploadSitePicture } from '../../../backend/site-api'
import { pictureSources } from '../../../config/site-content-helpers'
import { SITE_IMAGES } from '../../../config/site-images'
import { SITE_TEXT_MAX as MAX } from '../../../config/site-content'
import { FieldError } from '../../../components/FieldError'
import { controlIdOf } from './site-form'
import { SiteFieldsContext, TextField } from './SiteFields'

const MAX_MB = Math.round(SITE_IMAGES.maxBytes / (1024 * 1024))

/** Why `file` cannot be a picture of the site, or null. */
export function pictureFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(SITE_IMAGES.types as readonly string[]).includes(file.type)) {
    return 'Choose a photo saved as JPEG, PNG or WebP.'
  }
  if (file.size > SITE_IMAGES.maxBytes) {
    return `This picture is larger than ${MAX_MB} MB. Choose a smaller one, or save it smaller first.`
  }
  return null
}

/** What an upload the server refused or could not take says to the consultant. */
function uploadProblem(err: unknown): string {
  if (err instanceof ClientResponseError) {
    if (err.status === 0)
      return 'No connection: the picture was not uploaded. Try again when online.'
    const fields = (err.response?.data ?? {}) as Record<string, { message?: string }>
    const about = fields[SITE_IMAGES.field]?.message
    if (err.status === 400 && about) return `The server did not take this picture: ${about}`
    if (err.status === 413) return `This picture is larger than ${MAX_MB} MB.`
    if (err.status === 401 || err.status === 403)
      return 'Sign in again as the site admin to upload.'
  }
  return 'The picture could not be uploaded just now. Try again in a moment.'
}

export function SitePictureField({
  path,
  picture,
  alt,
  onPicture,
  onAlt,
}: {
  /** The picture's path in the content: "caseStudies.0.picture". */
  path: string
  picture: string
  alt: string
  onPicture: (picture: string) => void
  onAlt: (alt: string) => void
}) {
  const fields = useContext(SiteFieldsContext)
  const inputRef = useRef<HTMLInputElement>(null)
  const statusId = useId()
  const id = controlIdOf(path)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState('')
  const shown = problem ?? fields.problemOf(path, true)
  const altPath = path.replace(/picture$/, 'pictureAlt')

  const upload = async (file: File) => {
    setDone('')
    const local = pictureFileProblem(file)
    if (local) {
      setProblem(local)
      return
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setProblem('No connection: a picture can only be uploaded online. Your text stays as typed.')
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const uploaded = await uploadSitePicture(pb, file)
      fields.changed(path)
      onPicture(uploaded)
      setDone('Picture uploaded. Save this section, then publish, to show it on the site.')
    } catch (err) {
      setProblem(uploadProblem(err))
    } finally {
      setBusy(false)
      if (inputRef.current) inputRef.current.value = ''
    }
  }

  return (
    <div className="site-ed__picture">
      <p className="site-ed__picture-label" id={`${id}-label`}>
        Picture
      </p>
      {picture ? (
        <img
          className="site-ed__picture-preview"
          src={pictureSources(picture).src}
          alt={alt ? `Now shown: ${alt}` : 'The picture now shown'}
          width="280"
          height="200"
        />
      ) : (
        <p className="field-hint">No picture: the numbers show on their own.</p>
      )}
      {/* The input first: its focus ring is drawn on the label after it (site-editor.css). */}
      <div className="site-ed__item-actions">
        <input
          ref={inputRef}
          id={id}
          className="visually-hidden"
          type="file"
          accept={SITE_IMAGES.types.join(',')}
          disabled={busy}
          aria-describedby={`${statusId} ${id}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) void upload(file)
          }}
        />
        <label
          className={`btn btn-secondary admin-btn-small site-ed__upload${busy ? ' is-busy' : ''}`}
          htmlFor={id}
        >
          {busy ? 'Uploading...' : picture ? 'Replace the picture' : 'Upload a picture'}
        </label>
        {picture && (
          <button
            type="button"
            className="btn btn-secondary admin-btn-small site-ed__remove"
            disabled={busy}
            onClick={() => {
              setDone('')
              setProblem(null)
              fields.changed(path)
              onPicture('')
            }}
          >
            Remove the picture
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="field-hint">
        A JPEG, PNG or WebP photo of at most {MAX_MB} MB; it is shown 560 pixels wide, cut to 7 by
        5.
      </p>
      <p id={statusId} className="site-ed__picture-status" role="status">
        {done}
      </p>
      <FieldError id={`${id}-error`} message={shown} />
      {picture && (
        <TextField
          path={altPath}
          label="What the picture shows (optional)"
          hint="For people who cannot see it. Leave empty when it only decorates."
          value={alt}
          onValue={onAlt}
          max={MAX.pictureAlt}
        />
      )}
    </div>
  )
}
