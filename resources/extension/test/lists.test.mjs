import { test } from 'node:test';
import assert from 'node:assert/strict';
import { page, styleOf } from './dom.mjs';
import { walkPage } from '../src/page/observer/walk.js';
import { findLists, attachPagination } from '../src/page/observer/lists.js';

const card = (n) => `<li class="card"><h3><a href="/p/${n}">Shoe ${n}</a></h3><span class="price">$${n}0</span></li>`;
const SHOP = `<body>
  <nav><a href="/">Home</a><a href="/men">Men</a><a href="/women">Women</a></nav>
  <ul id="results">${[1, 2, 3, 4].map(card).join('')}</ul>
  <a href="/page/2" rel="next">Next</a>
</body>`;

function lists(html) {
  const { document } = page(html);
  const walk = walkPage(document, styleOf);
  const budget = { left: 1e6 };
  const found = findLists(walk, budget, () => null);
  attachPagination(found, walk.candidates, walk.infinite, budget);
  return { found, document };
}

test('a run of product cards is a list with its item selector and count', () => {
  const { found, document } = lists(SHOP);
  assert.equal(found.length, 1);
  const [l] = found;
  assert.equal(l.ref, 'l1');
  assert.equal(l.selector, '#results > li.card');
  assert.equal(l.count, 4);
  assert.equal(document.querySelectorAll(l.selector).length, 4);
});

test('the fields of a list are read off its first item, each with a css relative to the item', () => {
  const [l] = lists(SHOP).found;
  const byName = Object.fromEntries(l.fields.map((f) => [f.name, f]));
  assert.deepEqual(l.fields.map((f) => f.name), ['title', 'link_url', 'price']);
  assert.deepEqual(byName.price, { name: 'price', css: 'span.price', sample: '$10' });
  assert.equal(byName.title.sample, 'Shoe 1');
  assert.equal(byName.link_url.attribute, 'href');
  assert.equal(byName.link_url.sample, 'https://shop.test/p/1');
});

test('a menu of bare links is no list', () => {
  const { found } = lists('<body><ul id="menu"><li><a href="/a">A</a></li><li><a href="/b">B</a></li><li><a href="/c">C</a></li></ul></body>');
  assert.deepEqual(found, []);
});

test('a hidden run is no list', () => {
  const { found } = lists(`<body><ul id="results" hidden>${[1, 2, 3].map(card).join('')}</ul></body>`);
  assert.deepEqual(found, []);
});

test('a rel=next link after the list is its pagination', () => {
  const [l] = lists(SHOP).found;
  assert.equal(l.pagination.kind, 'link');
  assert.equal(l.pagination.label, 'Next');
  assert.equal(l.pagination.url, 'https://shop.test/page/2');
});

test('numbered page links are a numbered pagination whose next is the page after the current one', () => {
  const html = `<body><ul id="results">${[1, 2, 3].map(card).join('')}</ul>
    <nav class="pager"><a href="?p=1" aria-current="page">1</a><a href="?p=2">2</a><a href="?p=3">3</a></nav></body>`;
  const [l] = lists(html).found;
  assert.equal(l.pagination.kind, 'numbered');
  assert.equal(l.pagination.pages, 3);
  assert.equal(l.pagination.label, '2');
});

test('a table with a head is a list whose fields are named by its headers', () => {
  const row = (n) => `<tr><td>Order ${n}</td><td>${n} items</td></tr>`;
  const html = `<body><table id="orders"><thead><tr><th>Order id</th><th>Size</th></tr></thead><tbody>${[1, 2, 3].map(row).join('')}</tbody></table></body>`;
  const [l] = lists(html).found;
  assert.equal(l.selector, '#orders tbody > tr');
  assert.equal(l.count, 3);
  assert.deepEqual(l.fields.map((f) => f.name), ['order_id', 'size']);
});
