// @ts-check
// A select step on a rich-text editor selects a run of its text, as a person drags over a word before making it
// bold or a link with the toolbar: the first place the editor holds the value, matched exactly, else ignoring
// case and runs of spaces. The verdict is the page's own selection afterwards.
import { focusElement } from './input.js';

/** @param {string | null | undefined} s */
const norm = (s) => String(s ?? '').replace(/[\s\u00a0]+/g, ' ');

/** A text node of an editor and where it starts in the editor's text. @typedef {{node: Text, start: number}} TextRun */

/**
 * The editor's text nodes with where each starts in its text (spaces as the editor shows them).
 * @param {HTMLElement} editor
 */
function textRuns(editor) {
  const walker = editor.ownerDocument.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
  /** @type {TextRun[]} */
  const runs = [];
  let text = '';
  // SHOW_TEXT: every node the walker yields is a Text
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    runs.push({ node: /** @type {Text} */ (t), start: text.length });
    text += norm(/** @type {Text} */ (t).data);
  }
  return { runs, text };
}

/**
 * @param {TextRun[]} runs
 * @param {number} at
 */
function pointAt(runs, at) {
  for (let i = runs.length - 1; i >= 0; i--) {
    if (runs[i].start <= at) return { node: runs[i].node, offset: Math.min(at - runs[i].start, runs[i].node.data.length) };
  }
  return null;
}

/**
 * Selects `wanted` in the editor: {ok, effect} or {ok: false, error}.
 * @param {HTMLElement} editor
 * @param {string} wanted
 * @param {boolean} echo whether messages may quote the value (false: it came from a {{ token }})
 */
export function selectTextIn(editor, wanted, echo) {
  const want = norm(wanted).trim();
  const shown = echo ? `'${want}'` : 'the text given';
  if (!want) return { ok: false, error: 'a select step on an editor needs the text to select as its value' };
  const { runs, text } = textRuns(editor);
  let at = text.indexOf(want);
  if (at < 0) at = text.toLowerCase().indexOf(want.toLowerCase());
  if (at < 0) {
    const reads = text.trim().length > 80 ? `${text.trim().slice(0, 80)}…` : text.trim();
    return { ok: false, error: `the editor holds no text ${shown} (it reads${echo ? ` '${reads}'` : ' something else'})` };
  }
  const from = pointAt(runs, at);
  const to = pointAt(runs, at + want.length);
  if (!from || !to) return { ok: false, error: `the editor's text ${shown} could not be selected` };
  focusElement(editor);
  const sel = /** @type {Selection} */ (editor.ownerDocument.getSelection()); // a document a window shows has one
  const range = editor.ownerDocument.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  sel.removeAllRanges();
  sel.addRange(range);
  const got = norm(sel.toString()).trim();
  if (got.toLowerCase() !== want.toLowerCase()) return { ok: false, error: `the editor kept another selection (${echo ? `'${got}'` : 'not the text given'})` };
  return { ok: true, dispatched: true, count: 1, effect: `selected ${echo ? `'${got}'` : 'the text given'} in the editor` };
}
