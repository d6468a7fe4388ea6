// The webhooks page both a maker (/account/webhooks: their listings' and
// orders' events, through create_webhook and the other webhook tools) and an
// admin (/admin/webhooks: every event, through the site webhook operations)
// see: the form to add one, the secret shown once, the answer of a test, and
// each endpoint with its delivery log.
import type { Request } from 'express';
import type { EndpointView, TestResult } from '../../webhooks/endpoints.js';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS } from '../../webhooks/events.js';
import { field, fields, OPERATION_FIELD_MAX } from './forms.js';
import { csrfField, errorBox, html, noticeBox, type SafeHtml } from './html.js';

export interface WebhooksView {
  /** Where the page lives; the forms post under it. */
  basePath: string;
  csrfToken: string;
  /** What events reach these endpoints, in a sentence. */
  reach: string;
  /** The heading over the endpoints. */
  listHeading: string;
  endpoints: EndpointView[];
  created?: EndpointView & { secret: string };
  tested?: { id: number; result: TestResult };
  notice?: string | null;
  error?: string | null;
  /** What the person typed into the form, kept when it was refused. */
  typed?: { url: string; events: string[]; description: string };
}

/** The add form as typed: what create_webhook (or create_site_webhook) is given, and shown again when refused. */
export function typedWebhookForm(req: Request): { url: string; events: string[]; description: string } {
  return {
    url: field(req, 'url', OPERATION_FIELD_MAX),
    events: fields(req, 'events'),
    description: field(req, 'description', OPERATION_FIELD_MAX),
  };
}

function deliveriesTable(endpoint: EndpointView): SafeHtml {
  if (endpoint.recent_deliveries.length === 0) return html`<p class="muted">Nothing sent yet.</p>`;
  const rows = endpoint.recent_deliveries.map(
    (d) => html`<tr><td>${d.created_at.slice(0, 16).replace('T', ' ')}</td><td><code>${d.event}</code></td>
<td>${d.status}</td><td>${d.attempts}</td><td>${d.response_status ?? '–'}</td><td>${d.error ?? ''}</td></tr>`,
  );
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Deliveries to ${endpoint.url}"><table>
<caption class="visually-hidden">Latest deliveries to ${endpoint.url}</caption>
<thead><tr><th scope="col">Queued (UTC)</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">HTTP</th><th scope="col">Error</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

function testBox(view: WebhooksView): SafeHtml | string {
  if (!view.tested) return '';
  const { result } = view.tested;
  return result.delivered
    ? noticeBox(`The test was delivered: the endpoint answered HTTP ${result.response_status}.`)
    : errorBox(`The test was not delivered: ${result.error ?? 'no answer'}.`);
}

export function webhooksBody(view: WebhooksView): SafeHtml {
  const typed = view.typed ?? { url: '', events: [], description: '' };
  const created = view.created
    ? html`<section aria-labelledby="new-secret"><h2 id="new-secret" class="webhook-url">Signing secret of ${view.created.url}</h2>
<p role="status">Copy it now: it is shown only this once. It verifies the <code>webhook-signature</code> header of every delivery.</p>
<code class="secret">${view.created.secret}</code></section>`
    : '';
  const endpoints = view.endpoints.map(
    (e) => html`<section class="webhook" aria-labelledby="webhook-${e.id}">
<h3 id="webhook-${e.id}" class="webhook-url">${e.url}</h3>
<p>${e.description ? html`${e.description} · ` : ''}Events: ${e.events.map((name, i) => html`${i > 0 ? ', ' : ''}<code>${name}</code>`)} · since ${e.created_at.slice(0, 10)}</p>
<div class="actions">
<form class="inline" method="post" action="${view.basePath}/${e.id}/test">${csrfField(view.csrfToken)}<button type="submit" class="secondary" aria-label="Send a test event to ${e.url}">Send a test</button></form>
<form class="inline" method="post" action="${view.basePath}/${e.id}/delete">${csrfField(view.csrfToken)}<button type="submit" class="secondary" aria-label="Delete the webhook ${e.url}">Delete</button></form>
</div>
${deliveriesTable(e)}
</section>`,
  );
  return html`${errorBox(view.error)}${noticeBox(view.notice)}${testBox(view)}${created}
<p>${view.reach} Each delivery is a signed POST (<a href="/docs#webhooks">Standard Webhooks</a>); one that fails is tried again with backoff.</p>
<h2>${view.listHeading}</h2>
${endpoints.length === 0 ? html`<p>No webhooks yet.</p>` : endpoints}
<h2>Add a webhook</h2>
<form method="post" action="${view.basePath}">
${csrfField(view.csrfToken)}
<label for="webhook-url">URL (https, on a public address)</label>
<input id="webhook-url" name="url" type="url" required maxlength="500" placeholder="https://example.com/hooks/launchboard" value="${typed.url}">
<fieldset><legend>Events</legend>
${WEBHOOK_EVENT_NAMES.map(
  (name) =>
    html`<label for="event-${name.replace('.', '-')}"><input id="event-${name.replace('.', '-')}" type="checkbox" name="events" value="${name}"${typed.events.includes(name) ? html` checked` : ''}> <code>${name}</code>: ${WEBHOOK_EVENTS[name]}</label>`,
)}
</fieldset>
<label for="webhook-description">Description (optional)</label>
<input id="webhook-description" name="description" type="text" maxlength="200" value="${typed.description}">
<button type="submit">Add webhook</button>
</form>`;
}
