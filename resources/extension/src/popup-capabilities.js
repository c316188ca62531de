// @ts-check
// The popup's capability switches (docs/decisions/0050). chrome.permissions.request needs a person's gesture on an
// extension page, so the worker can never turn one on by itself: a step that needs one fails and says to come here.
import { CAPABILITIES, hasCapability, hasDebugger, permissionsFor, switchable } from './bridge/capabilities.js';
import { onFirefox } from './engine.js';
import { launchFile } from './bridge/state.js';

/** @param {string} id an element of popup.html */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

async function render() {
  const list = $('caps');
  list.textContent = '';
  for (const [key, c] of Object.entries(CAPABILITIES)) {
    const k = /** @type {keyof typeof CAPABILITIES} */ (key);
    const on = await hasCapability(k);
    const li = document.createElement('li');
    const label = document.createElement('span');
    if (!permissionsFor(k)) {
      label.textContent = `${c.name}: not in this browser (Firefox gives add-ons no API for it) — ${c.purpose}`;
      li.append(label);
      list.append(li);
      continue;
    }
    label.textContent = `${c.name}: ${on ? 'on' : 'off'} — ${c.purpose}`;
    if (!switchable) {
      li.append(label);
      list.append(li);
      continue;
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `cap-${key}`;
    button.textContent = on ? 'Turn off' : 'Turn on';
    button.addEventListener('click', async () => {
      try {
        if (on) await chrome.permissions.remove({ permissions: c.permissions });
        else await chrome.permissions.request({ permissions: c.permissions });
      } finally {
        render();
      }
    });
    li.append(label, button);
    list.append(li);
  }
  const launch = onFirefox ? await launchFile() : null;
  $('debugger-note').textContent = onFirefox
    ? (launch && launch.input_over === 'studio'
      ? 'Trusted input: on (the studio sends it over WebDriver BiDi to this Firefox, which Waymark launched). '
      : 'Trusted input works only in a Firefox Waymark launches (Launch browser in the studio): here clicks and typing are the page script\'s. ')
      + 'Viewport control: not in Firefox.'
    : hasDebugger()
    ? 'Trusted input, viewport and PDF: on (a browser Waymark launched).'
    : 'Trusted input, viewport and PDF work only in a browser Waymark launches (Launch browser in the studio).';
  $('site-access').hidden = await chrome.permissions.contains({ origins: ['<all_urls>'] });
}

$('allow-sites').addEventListener('click', async () => {
  try { await chrome.permissions.request({ origins: ['<all_urls>'] }); } finally { render(); }
});
chrome.permissions.onAdded.addListener(() => { render(); });
chrome.permissions.onRemoved.addListener(() => { render(); });
render();
