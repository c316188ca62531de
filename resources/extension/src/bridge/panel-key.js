// @ts-check
// Where the side panel's state is kept (chrome.storage.session) and the panel page's name: shared by the worker
// and the side panel page, which must not import the worker's modules.
export const PANEL_KEY = 'waymark.panel';
export const PANEL_PAGE = 'sidepanel.html';
