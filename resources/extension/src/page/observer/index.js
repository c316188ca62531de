// Placeholder until the observer lands: see docs/protocol.md (observe).
export function observePage(options) {
  return { url: location.href, title: document.title, nodes: [], headings: [] };
}
