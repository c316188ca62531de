// @ts-check
// The verdict of a click or a key press, from what the page saw (page/executor/effects.js) and what
// the browser saw (a new document, a same-document move, a new tab, a dialog): a checkbox or radio
// click is ok when its state changed (and, for a box only the page's script reads, the page answered it), a link
// when the address or the document changed or a tab opened (a hash route the page did not answer says so), and
// every other click or key says whether the page changed at all (docs/decisions/0021).

/** @typedef {import('../page/page-calls.js').PageEffect} PageEffect */
/** @typedef {{committed?: boolean, sameDoc?: boolean, started?: boolean}} NavSeen */

/**
 * What changed, in words ("no visible change" when nothing did).
 * @param {PageEffect} e
 * @param {NavSeen} nav
 * @param {{newTabs?: number, dialogs?: number, downloads?: number, url?: string | null}} seen
 */
export function describeEffect(e, nav, seen) {
  const parts = [];
  if (nav.committed || e.gone) parts.push(`a new page loaded${seen.url ? ` (${seen.url})` : ''}`);
  else if (nav.sameDoc || e.url_changed) parts.push(`the address changed${seen.url ? ` to ${seen.url}` : ''}`);
  else if (nav.started || e.leaving) parts.push('a navigation started');
  if (seen.newTabs) parts.push(seen.newTabs === 1 ? 'a new tab opened' : `${seen.newTabs} new tabs opened`);
  if (seen.dialogs) parts.push(seen.dialogs === 1 ? 'a dialog opened' : `${seen.dialogs} dialogs opened`);
  if (seen.downloads) parts.push(seen.downloads === 1 ? 'a download started' : `${seen.downloads} downloads started`);
  if (e.toggle && e.toggle.before !== e.toggle.after) parts.push(`the ${e.toggle.type} is now ${e.toggle.after ? 'checked' : 'unchecked'}`);
  if (e.mutations) parts.push(`the page changed (${e.mutations} DOM change${e.mutations === 1 ? '' : 's'})`);
  if (e.focus) parts.push(`focus moved to ${e.focus}`);
  return parts.length ? parts.join('; ') : 'no visible change';
}

/**
 * The step's verdict: {ok, error?, effect}.
 * @param {'click' | 'press'} kind
 * @param {PageEffect} e
 * @param {NavSeen} nav
 * @param {{newTabs?: number, dialogs?: number, downloads?: number, url?: string | null}} seen
 */
export function judgeEffect(kind, e, nav, seen) {
  const effect = describeEffect(e, nav, seen);
  const moved = !!(nav.committed || nav.sameDoc || nav.started || e.url_changed || e.gone || e.leaving || seen.newTabs);
  if (kind === 'click' && e.toggle && !moved) {
    const t = e.toggle;
    if (t.before === t.after) {
      // Clicking a checked radio leaves it checked: it is in the state a click on it asks for.
      if (t.type === 'radio' && t.after) return { ok: true, effect: 'the radio was already checked' };
      return { ok: false, effect, error: `the click did not change the ${t.type} (it is still ${t.after ? 'checked' : 'unchecked'}): the page ignored or cancelled it` };
    }
    // A row's box a component draws (page/executor/effects.js), ticked without the page changing anything: the app
    // did not take it (a click its script never saw as a change, a shadow DOM polyfill's lost event).
    if (t.script_only && !e.mutations && !seen.dialogs && !seen.downloads) {
      return { ok: false, effect, error: `the ${t.type} is now ${t.after ? 'checked' : 'unchecked'}, but nothing else on the page changed: `
        + 'the app did not take the click (its row and the page stayed as they were)' };
    }
  }
  // A hash route the app did not answer: the address moved and the page stayed as it was. Said, not failed: a
  // route can rightly change nothing (the filter already shown, a page that ignores it), and the next turn reads it.
  if (kind === 'click' && e.route && !e.mutations && !nav.committed && !e.gone && !seen.newTabs && !seen.dialogs && !seen.downloads) {
    return { ok: true, effect: `the address changed to ${e.route}, but the page itself did not change` };
  }
  // A download link (the download attribute) moves nothing: the download is what it did.
  if (kind === 'click' && e.link && !moved && !e.mutations && !seen.dialogs && !seen.downloads) {
    return { ok: false, effect, error: 'the link did nothing: the address did not change, no page or tab opened and the page did not change' };
  }
  return { ok: true, effect };
}
