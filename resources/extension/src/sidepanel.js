// @ts-check
// The side panel (an extension page, out of every web page's reach): what waits for the person, with what the
// studio's approval card shows (the value as written, never a real value), Approve / Reject with a reason, a
// userStep's reason and method with Continue, and what Waymark is doing now. An answer goes to the worker, which
// forwards it to the studio; the studio decides, and the card closes when the studio says the item stopped
// waiting (answered here or elsewhere: the first answer wins).
import { PANEL_KEY } from './bridge/panel-key.js';

/** @typedef {import('./bridge/panel-key.js').PanelItem} PanelItem */
/** @typedef {import('./bridge/panel-key.js').PanelState} PanelState */

/** @param {string} id an element of sidepanel.html */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Partial<HTMLElementTagNameMap[K]>} [props]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/**
 * @param {HTMLElement} dl
 * @param {string} name
 * @param {unknown} value
 */
function row(dl, name, value) {
  if (value === null || value === undefined || value === '') return;
  dl.append(el('dt', { textContent: name }), el('dd', { textContent: String(value) }));
}

/**
 * @param {HTMLElement} card
 * @param {string} itemId
 * @param {import('./bridge/panel-key.js').PanelAnswer['answer']} kind
 * @param {string | null} reason
 */
async function answer(card, itemId, kind, reason) {
  for (const b of card.querySelectorAll('button')) /** @type {HTMLButtonElement} */ (b).disabled = true;
  // the worker's reply (bridge/panel.js registerPanelListener), or undefined when no listener answered
  /** @type {{ok: boolean, error?: string} | undefined} */
  const r = await chrome.runtime.sendMessage(/** @satisfies {import('./bridge/panel-key.js').PanelAnswer} */ ({ waymark_panel: 'answer', item_id: itemId, answer: kind, reason }));
  // every card has its error line (see the cards below)
  if (!r || !r.ok) {
    /** @type {HTMLElement} */ (card.querySelector('.error')).textContent = `Not sent: ${(r && r.error) || 'the worker did not answer'}`;
    for (const b of card.querySelectorAll('button')) /** @type {HTMLButtonElement} */ (b).disabled = false;
  } else {
    /** @type {HTMLElement} */ (card.querySelector('.error')).textContent = 'Sent; waiting for the studio…';
  }
}

/** @param {PanelItem} item */
function approvalCard(item) {
  const card = el('section', { className: 'card', id: `item-${item.id}` });
  card.dataset.kind = 'approval';
  card.append(el('h2', { textContent: `Approve this step? ${item.action}: ${item.label || ''}${item.edited ? ' (edited)' : ''}` }));
  const dl = el('dl');
  // With several tasks in the studio, the card says which one asks.
  row(dl, 'Task', item.task);
  const e = item.element;
  if (e) row(dl, 'Element', `${e.role || ''} "${e.name || ''}"${e.section ? ` in ${e.section}` : ''}`);
  if (e && e.href) row(dl, 'Leads to', e.href);
  row(dl, 'Selector', item.selector);
  row(dl, 'Address', item.url);
  row(dl, 'Value', item.value);
  row(dl, 'Decided by', item.reasoning ? `${item.decided_by}: ${item.reasoning}` : item.decided_by);
  row(dl, 'Page', item.page);
  card.append(dl);
  const risks = el('div');
  // a null in the studio's list sets no text, as the DOM takes it
  for (const r of item.risks || []) risks.append(el('span', { className: 'risk', textContent: /** @type {string} */ (r) }));
  card.append(risks);
  for (const why of item.evidence || []) card.append(el('div', { textContent: `• ${why}` }));
  const reason = /** @type {HTMLInputElement} */ (el('input', { className: 'reason', id: 'reject-reason', placeholder: 'Why not (optional)' }));
  const approve = el('button', { className: 'primary', id: 'approve', textContent: 'Approve', type: 'button' });
  const reject = el('button', { id: 'reject', textContent: 'Reject', type: 'button' });
  approve.addEventListener('click', () => answer(card, item.id, 'approve', null));
  reject.addEventListener('click', () => answer(card, item.id, 'reject', reason.value));
  card.append(el('div', { className: 'buttons' }, approve, reject, reason), el('p', { className: 'error' }));
  return card;
}

/** @param {PanelItem} item */
function userStepCard(item) {
  const card = el('section', { className: 'card', id: `item-${item.id}` });
  card.dataset.kind = 'user_step';
  card.append(el('h2', { textContent: 'Your turn in the browser' }));
  card.append(el('p', { className: 'instruction', textContent: item.instruction || item.prompt || '' }));
  const dl = el('dl');
  row(dl, 'Task', item.task);
  row(dl, 'Method', item.method ? item.method.replace(/_/g, ' ') : null);
  card.append(dl);
  if (item.continues) card.append(el('p', { textContent: item.continues }));
  card.append(el('p', { textContent: 'Waymark never sees or handles your password, code, key or payment.' }));
  const go = el('button', { className: 'primary', id: 'continue', textContent: 'Continue', type: 'button' });
  go.addEventListener('click', () => answer(card, item.id, 'continue', null));
  card.append(el('div', { className: 'buttons' }, go), el('p', { className: 'error' }));
  return card;
}

/** @param {PanelState | undefined} state */
function show(state) {
  const s = state || { items: [], activity: null, note: null };
  $('activity').textContent = s.activity ? `Waymark: ${s.activity}` : 'Waymark is not doing anything now.';
  $('note').textContent = s.note || '';
  $('empty').hidden = s.items.length > 0;
  const list = $('items');
  list.replaceChildren(...s.items.map((i) => (i.kind === 'user_step' ? userStepCard(i) : approvalCard(i))));
}

// The worker keeps a PanelState under PANEL_KEY (bridge/panel.js).
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'session' && changes[PANEL_KEY]) show(/** @type {PanelState | undefined} */ (changes[PANEL_KEY].newValue));
});
chrome.storage.session.get(PANEL_KEY).then((r) => show(/** @type {PanelState | undefined} */ (r[PANEL_KEY])));
