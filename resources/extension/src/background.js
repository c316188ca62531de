// service worker: see docs/protocol.md
