import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page } from './dom.mjs';
import { linkTarget } from '../src/page/observer/links.js';

test('an SVG link leads where its href attribute says, read against the document, like an HTML one', () => {
  const { document } = page(`<body><a id="html" href="/orders?x=1">Orders</a>
    <svg><a id="svg" href="/map/lisbon"><text>Lisbon</text></a><a id="jump" href="#top"><text>Top</text></a></svg></body>`,
  'https://shop.test/app/index.html');
  assert.equal(linkTarget(document.getElementById('html')), 'https://shop.test/orders?x=1');
  assert.equal(linkTarget(document.getElementById('svg')), 'https://shop.test/map/lisbon');
  assert.equal(linkTarget(document.getElementById('jump')), null);
});
