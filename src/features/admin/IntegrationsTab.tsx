import { useState } from 'react'
import { pb } from '../../backend/client'
import { createEndpoint, type EndpointInput } from '../../backend/webhooks-api'
import { WEBHOOK_MAX_ENDPOINTS } from '../../config/webhooks'
import { EmptyState, ErrorState, LoadingState } from './StatusMessage'
import { useEndpoints, useWebhookChanges } from './use-webhooks'
import { WebhookEndpointCard, endpointName } from './WebhookEndpointCard'
import { WebhookEndpointForm } from './WebhookEndpointForm'
import { WebhookSecret } from './WebhookSecret'
import './integrations.css'

/**
 * Integrations: webhooks that send each lead event (audit completed, message received, ...) to
 * the consultant's CRM, spreadsheet or automation tool, signed, retried and logged.
 */
export function IntegrationsTab() {
  const endpoints = useEndpoints()
  const [revision, setRevision] = useState(0)
  const [adding, setAdding] = useState(false)
  const [shown, setShown] = useState<{ name: string; secret: string; rotated: boolean } | null>(
    null,
  )

  useWebhookChanges(() => {
    endpoints.refresh()
    setRevision((r) => r + 1)
  })

  async function add(input: EndpointInput) {
    const made = await createEndpoint(pb, input)
    setAdding(false)
    setShown({ name: endpointName(made.endpoint), secret: made.secret, rotated: false })
    endpoints.refresh()
  }

  const list = endpoints.data ?? []
  const full = list.length >= WEBHOOK_MAX_ENDPOINTS
  return (
    <section className="integrations" aria-labelledby="integrations-title">
      <h2 id="integrations-title" className="integrations-title">
        Integrations
      </h2>
      <p className="integrations-intro">
        Send every new lead to your CRM, a spreadsheet or an automation tool as it happens: a
        completed audit, a contact message, a newsletter confirmation or unsubscribe, a status
        change, a booked call. Each event is signed (Standard Webhooks), retried for about three
        days if your tool is down, and logged below.
      </p>
      <details className="integrations-howto">
        <summary>How to connect Zapier, Make or n8n</summary>
        <ol>
          <li>
            <strong>Zapier:</strong> make a Zap whose trigger is <em>Webhooks by Zapier</em>, event{' '}
            <em>Catch Hook</em>. Copy the URL it shows and add it here, then press{' '}
            <em>Send test event</em> so Zapier sees an example.
          </li>
          <li>
            <strong>Make:</strong> start a scenario with <em>Webhooks &rsaquo; Custom webhook</em>,
            copy its address, add it here and send a test event.
          </li>
          <li>
            <strong>n8n:</strong> add a <em>Webhook</em> node (method POST), copy its production
            URL, add it here and send a test event.
          </li>
        </ol>
        <p>
          Your tool can check that an event really comes from this site with the signing secret
          (headers <code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
          <code>webhook-signature</code>); the site&apos;s documentation, docs/webhooks.md, shows
          how in a few lines.
        </p>
      </details>

      {shown && (
        <WebhookSecret
          endpointName={shown.name}
          secret={shown.secret}
          rotated={shown.rotated}
          onDone={() => setShown(null)}
        />
      )}

      {adding ? (
        <section className="integrations-add" aria-labelledby="integrations-add-title">
          <h3 id="integrations-add-title">Add an endpoint</h3>
          <WebhookEndpointForm
            submitLabel="Add endpoint"
            onSubmit={add}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : (
        <p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setAdding(true)}
            disabled={full || endpoints.loading}
          >
            Add an endpoint
          </button>
          {full && (
            <span className="integrations-hint">
              {' '}
              At most {WEBHOOK_MAX_ENDPOINTS} endpoints: delete one you no longer use first.
            </span>
          )}
        </p>
      )}

      {endpoints.loading ? (
        <LoadingState />
      ) : endpoints.error !== undefined && !endpoints.data ? (
        <ErrorState text="Could not load your endpoints." onRetry={endpoints.refresh} />
      ) : list.length === 0 ? (
        <EmptyState text="No endpoints yet. Add the URL your tool gave you to start sending events." />
      ) : (
        list.map((endpoint) => (
          <WebhookEndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            revision={revision}
            onSecret={(secret, rotated) =>
              setShown({ name: endpointName(endpoint), secret, rotated })
            }
            onChanged={endpoints.refresh}
          />
        ))
      )}
    </section>
  )
}
