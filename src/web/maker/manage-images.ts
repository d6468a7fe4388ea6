// The "Logo and screenshots" section of the management page: whether the
// logo was copied to this site (and why not, when it could not be), and the
// screenshot gallery with a form to add one image (a file uploaded, or a
// link) and a button to remove each. Both forms send update_my_listing the
// whole new gallery: the images kept by the link they came from (so nothing
// is fetched again), a new one by the link given or the address of the file
// just stored (upload_image); a refusal lands on the control it is about.
import type { Request } from 'express';
import type { OwnerExtras } from '../../listings/owner-extras.js';
import type { OwnListing } from '../../listings/my-listings.js';
import { ACCEPTED_FORMATS, IMAGE_LIMITS } from '../../media/process.js';
import { MAX_SCREENSHOTS } from '../../media/screenshots.js';
import { webLink } from '../../platform/links.js';
import type { Problem } from '../ui/act.js';
import { control, problemSummary } from '../ui/fields.js';
import { field } from '../ui/forms.js';
import { csrfField, html, type SafeHtml } from '../ui/html.js';
import { localPath, productLogo } from '../ui/public-page.js';
import { IMAGE_FILE_TYPES } from '../ui/uploads.js';

/** The add form as it was sent, and why it was refused. */
export interface ImagesState {
  url: string;
  problem: Problem;
}

export const LINK_PATH = 'screenshot.url';
/** The add form's file control (the form posts as multipart). */
export const FILE_PATH = 'screenshot.file';

/** The link the add form sent. */
export const submittedLink = (req: Request) => field(req, LINK_PATH, 4000).trim();

/** The add form refused before any tool ran: `message` on the control at `path`, the link as typed. */
export const addRefusal = (url: string, path: string, message: string): ImagesState => ({
  url,
  problem: { status: 400, message: `${label(path)}: ${message}.`, errors: [{ path, message }] },
});

/** update_my_listing's gallery after adding `urls` at the end. */
export const galleryWith = (shots: OwnerExtras['screenshots'], urls: readonly string[]) => [
  ...shots.map((s) => s.source_url),
  ...urls,
];

/** update_my_listing's gallery without the `index`th image. */
export const galleryWithout = (shots: OwnerExtras['screenshots'], index: number) =>
  shots.filter((_, i) => i !== index).map((s) => s.source_url);

/**
 * A refusal of the gallery as the add form shows it: a new image's problem
 * (`screenshots.N`, N its index) on the control it came from (`added`, from
 * `firstNew` on: the file, the link), the gallery's own on the last of them;
 * an older image's problem as the message (it can only be removed).
 */
export function addProblem(problem: Problem, firstNew: number, added: readonly string[]): Problem {
  return {
    ...problem,
    errors: problem.errors.map((e) => {
      if (e.path === 'screenshots') return { ...e, path: added.at(-1) ?? LINK_PATH };
      const index = /^screenshots\.(\d+)$/.exec(e.path)?.[1];
      const path = index === undefined ? undefined : added[Number(index) - firstNew];
      return path ? { ...e, path } : e;
    }),
  };
}

function label(path: string): string {
  if (path === LINK_PATH) return 'Screenshot link';
  if (path === FILE_PATH) return 'Screenshot file';
  return path.replace(/^screenshots\.(\d+)$/, (_, n) => `Screenshot ${Number(n) + 1}`);
}

function logoStatus(listing: OwnListing, extras: OwnerExtras): SafeHtml {
  const draft = extras.draft_id
    ? html` Change it as <a href="/drafts/${extras.draft_id}">Logo link in the draft</a>.`
    : '';
  const link = webLink(listing.logo_url);
  const from = link ? html` from <a href="${link}" rel="nofollow noopener">your logo link</a>` : '';
  if (listing.logo)
    return html`<p class="manage-logo">${productLogo(listing, 48)} <span>Copied to this site${from}.${draft}</span></p>`;
  if (!link) return html`<p>No logo link: your initials show instead.${draft}</p>`;
  if (extras.logo_error)
    return html`<p class="error" role="status">Your logo could not be copied${from}: ${extras.logo_error} Your initials show instead.${draft}</p>`;
  return html`<p>Your logo is being copied to this site; it shows in a minute.${draft}</p>`;
}

export function imagesSection(
  listing: OwnListing,
  extras: OwnerExtras,
  unlocked: boolean,
  csrfToken: string,
  state: ImagesState | null,
): SafeHtml {
  const id = listing.listing_id;
  const shots = extras.screenshots;
  return html`<section aria-labelledby="images"><h2 id="images">Logo and screenshots</h2>
<h3>Logo</h3>
${logoStatus(listing, extras)}
<h3>Screenshots</h3>
<p class="muted">${
    unlocked
      ? `Up to ${MAX_SCREENSHOTS} pictures of the product, shown in the Media section of its public page.`
      : `Up to ${MAX_SCREENSHOTS} pictures of the product. They show on the public page once the media section is unlocked (a paid launch); you can add them now.`
  } We keep a copy of each image on this site: ${ACCEPTED_FORMATS}, at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.</p>
${
  shots.length === 0
    ? html`<p>No screenshots yet.</p>`
    : html`<ol class="manage-shots">${shots.map(
        (
          s,
          i,
        ) => html`<li><img src="${localPath(s.url)}" alt="Screenshot ${i + 1}" width="${s.width}" height="${s.height}" loading="lazy" decoding="async">
<form method="post" action="/my/listings/${id}/screenshots/${i}/remove" class="inline">${csrfField(csrfToken)}<button type="submit" class="secondary">Remove<span class="visually-hidden"> screenshot ${i + 1}</span></button></form></li>`,
      )}</ol>`
}
${
  shots.length < MAX_SCREENSHOTS
    ? html`<form method="post" action="/my/listings/${id}/screenshots" enctype="multipart/form-data" class="card">${csrfField(csrfToken)}
<h4>Add a screenshot</h4>
${problemSummary(state?.problem, label)}
${control({ path: FILE_PATH, label: 'Upload an image file', value: undefined, kind: 'file', accept: IMAGE_FILE_TYPES, problem: state?.problem })}
${control({ path: LINK_PATH, label: 'Or give a link to the image', value: state?.url, kind: 'url', hint: 'A link to the image file itself.', problem: state?.problem, placeholder: 'https://' })}
<button type="submit">Add screenshot</button></form>`
    : html`<p class="muted">The gallery is full: remove one to add another.</p>`
}</section>`;
}
