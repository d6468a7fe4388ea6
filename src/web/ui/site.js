// The site's one script; every page works without it.
//
// Votes in place. A vote button's form (vote-button.ts) is posted with fetch
// instead of loading a page; the server (src/web/votes.ts) answers JSON when
// asked: the new state and count, or a message saying why not. Every button
// of the same listing on the page follows, and the message is read out from a
// live region. Anything unexpected falls back to the plain form post, which
// works without this script. Served as a file (CSP script-src 'self').
(() => {
  // Pages without a vote button (a visitor sees sign-in links) need nothing of this.
  if (!document.querySelector('form[data-vote]')) return;

  // One polite live region for every message, there from the start so screen readers follow it.
  const region = document.createElement('div');
  region.className = 'vote-toast';
  region.setAttribute('aria-live', 'polite');
  document.body.append(region);
  let hideTimer = 0;

  /** Shows a message (an error stays until dismissed; a notice fades after a few seconds). */
  function say(message, { error = false, href = '', linkText = '' } = {}) {
    window.clearTimeout(hideTimer);
    region.replaceChildren();
    if (!message) return;
    const box = document.createElement('p');
    box.className = error ? 'error' : 'notice';
    box.append(message);
    if (href && linkText) {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = linkText;
      box.append(' ', link);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'secondary';
    close.textContent = 'Dismiss';
    close.addEventListener('click', () => region.replaceChildren());
    box.append(' ', close);
    region.append(box);
    if (!error) hideTimer = window.setTimeout(() => region.replaceChildren(), 6000);
  }

  /** Every vote button of the listing on this page shows the new state and count. */
  function show(slug, voted, votes) {
    for (const form of document.querySelectorAll('form[data-vote]')) {
      if (form.dataset.vote !== slug) continue;
      form.setAttribute('action', form.getAttribute('action').replace(/\/(un)?vote$/, voted ? '/unvote' : '/vote'));
      form.querySelector('button[aria-pressed]')?.setAttribute('aria-pressed', String(voted));
      const word = form.querySelector('.vote-word');
      if (word) word.textContent = voted ? word.dataset.on : word.dataset.off;
      for (const count of form.querySelectorAll('.vote-count')) {
        count.textContent = String(votes);
        if (count.hasAttribute('data-votes')) count.dataset.votes = String(votes);
      }
      for (const unit of form.querySelectorAll('.vote-unit')) unit.textContent = votes === 1 ? ' vote' : ' votes';
    }
    // Other places on the page that say how many votes the listing has (the listing page's community section).
    for (const total of document.querySelectorAll('[data-vote-total]'))
      if (total.dataset.voteTotal === slug) total.textContent = `${votes} ${votes === 1 ? 'vote' : 'votes'}`;
  }

  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-vote')) return;
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    form.setAttribute('aria-busy', 'true');
    let res = null;
    let data = null;
    try {
      res = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form)),
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (/json/.test(res.headers.get('content-type') ?? '')) data = await res.json();
    } catch {
      data = null;
    }
    form.removeAttribute('aria-busy');
    // No answer we understand: the plain post (which does not come back through this handler).
    if (!res || !data) return form.submit();
    if (res.ok) {
      show(form.dataset.vote, Boolean(data.voted), Number(data.votes));
      say(data.message);
    } else if (res.status === 401 && data.href) {
      window.location.assign(data.href);
    } else {
      say(data.detail ?? data.title ?? 'Your vote could not be counted. Reload the page and try again.', {
        error: true,
        href: data.href,
        linkText: data.code === 'verify-email' ? 'Your account' : '',
      });
    }
  });
})();

// Unsaved edits. A form marked data-unsaved-warning (the draft page) asks
// before the page is left while something typed into it has not been sent;
// sending it (with any of its buttons, wherever they stand) is not leaving.
(() => {
  const forms = document.querySelectorAll('form[data-unsaved-warning]');
  if (forms.length === 0) return;
  let unsaved = false;
  for (const form of forms) {
    form.addEventListener('input', () => {
      unsaved = true;
    });
    form.addEventListener('submit', () => {
      unsaved = false;
    });
  }
  window.addEventListener('beforeunload', (event) => {
    if (!unsaved) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  });
})();

// Copy a link. A button with data-copy (a listing's "Copy link") is hidden in
// the page, since it needs this script; here it shows, and copies its address.
(() => {
  for (const button of document.querySelectorAll('button[data-copy]')) {
    const wrapper = button.closest('[hidden]');
    if (wrapper) wrapper.hidden = false;
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = 'Link copied';
      } catch {
        button.textContent = 'Copy failed: select the address bar instead';
      }
    });
  }
})();
