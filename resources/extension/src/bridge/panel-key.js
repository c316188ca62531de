// @ts-check
// Where the side panel's state is kept (chrome.storage.session) and the panel page's name: shared by the worker
// and the side panel page, which must not import the worker's modules.
export const PANEL_KEY = 'waymark.panel';
export const PANEL_PAGE = 'sidepanel.html';

/** @typedef {'action' | 'label' | 'selector' | 'url' | 'value' | 'decided_by' | 'reasoning' | 'page' | 'prompt' | 'method' | 'instruction' | 'continues' | 'task'} PanelText */

/**
 * An item the side panel lists, as the worker keeps it (bridge/panel.js cleanItem): the text fields of an approval
 * card or a userStep, each capped.
 * @typedef {{id: string, kind: 'approval' | 'user_step', edited: boolean,
 *   element?: Partial<Record<'role' | 'name' | 'section' | 'href', string | null>>, risks?: (string | null)[],
 *   evidence?: (string | null)[]} & Partial<Record<PanelText, string | null>>} PanelItem
 */

/** What is kept under PANEL_KEY: what waits, what Waymark is doing now, and a note (who answered the last item). */
/** @typedef {{items: PanelItem[], activity: string | null, note: string | null}} PanelState */

/**
 * The side panel's answer to the worker (chrome.runtime.sendMessage).
 * @typedef {{waymark_panel: 'answer', item_id: string, answer: 'approve' | 'reject' | 'continue', reason: string | null}} PanelAnswer
 */
