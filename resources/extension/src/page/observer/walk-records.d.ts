// The records the observer's walk (walk.js) keeps of the page: its trees (documents and shadow roots), one record
// per element it visits, the landmarks, headings and sibling runs it met. The observer's modules and the recorder
// read them; for the type check only, nothing here runs.
import type { ObservedNodeDraft } from './observation';

/** getComputedStyle asked once per element (and pseudo-element) for one observe: the observation's style cache. */
export type StyleOf = (el: Element, pseudo?: string | null) => CSSStyleDeclaration;

/** A document or shadow root with its own selector namespace (makeTree). */
export interface WalkTree {
  root: Document | ShadowRoot;
  doc: Document;
  win: (Window & typeof globalThis) | null;
  /** the tree the host or frame element sits in; null for the top document */
  parent: WalkTree | null;
  host: Element | null;
  /** where the tree's viewport origin lies in the top viewport (a frame's box and border) */
  ox: number;
  oy: number;
  /** selector part -> how many elements of this tree carry it (walk.js countForSelectors, selector.js ownSelector) */
  counts: Map<string, number>;
  /** elements of the tree the walk visited */
  elements: number;
  /** the selectors of the hosts and frames to enter to reach the tree: [] for the top, null until asked for */
  enter: string[] | null;
  isFrame: boolean;
  /** the walk's record of the shadow host or frame element: on every tree but the top */
  hostInfo?: WalkInfo;
}

/** A landmark (or dialog) a control's `section` comes from. */
export interface WalkLandmark {
  el: Element;
  role: string;
  tree: WalkTree;
  /** how many headings the walk had met when the landmark began */
  headingStart: number;
  /** the landmark this one sits in */
  parent: WalkLandmark | null;
}

/** Whether an element is a control by its markup, and by which markup (walk.js nativeKind and the inferences after it). */
export type ControlKind = 'native' | 'role' | 'editable' | 'sortable' | 'standin' | 'handler';

/** The walk's record of one element. */
export interface WalkInfo {
  el: Element;
  tree: WalkTree;
  parent: WalkNode;
  depth: number;
  /** the element's shape key (its position with repeated steps generalised), interned by keyOf on demand */
  key: number | undefined;
  /** the element's step of the shape key: '/' + signature + ':' + nth, or '/*' + signature in a repeated run */
  step: string;
  /** tag plus first class (walk.js signature) */
  sig: string;
  /** position among the same-tag siblings, from 1 */
  nth: number;
  /** how many same-tag siblings there are */
  sameTag: number;
  /** a member of a run of three or more same-signature siblings */
  repeated: boolean;
  landmark: WalkLandmark | null;
  sectioning: boolean;
  /** inside a control (or a label with one): no control of its own */
  inControl: boolean;
  /** the nearest repeated ancestor-or-self; 'self' from the record's making until the walk visits it */
  item: WalkInfo | 'self' | null;
  /** how many headings precede the element; set when the walk visits it */
  headingIndex?: number;
  /** set on the candidates (the controls) only */
  kind?: ControlKind;
  role?: string | null;
  order?: number;
  /** the unrendered checkbox or radio a label stands in for */
  standIn?: HTMLInputElement;
  /** the node the observer made of it, while the observer dedupes its nodes */
  _node?: ObservedNodeDraft;
}

/** The record at the top of a tree (a document or shadow root): no element of its own. */
export interface WalkRoot {
  el: null;
  tree: WalkTree;
  /** the frame's or shadow host's record; null for the top document */
  parent: WalkInfo | null;
  depth: number;
  key: number;
  landmark: WalkLandmark | null;
  sectioning: boolean;
  inControl: boolean;
  repeated: false;
  item: WalkInfo | 'self' | null;
}

/** An ancestor in the walk: an element's record or a tree's root record (`el` tells them apart). */
export type WalkNode = WalkInfo | WalkRoot;

export interface WalkHeading {
  el: Element;
  info: WalkInfo;
  level: number;
  tree: WalkTree;
}

/** A run of three or more siblings with the same signature: `similar` groups and lists come from these. */
export interface WalkGroup {
  parent: WalkNode;
  sig: string;
  items: Element[];
  tree: WalkTree;
}

/** What walkPage returns. */
export interface PageWalk {
  /** the controls, in document order */
  candidates: WalkInfo[];
  headings: WalkHeading[];
  /** the top document first, then shadow roots and same-origin frames as the walk met them */
  trees: WalkTree[];
  /** cross-origin (unreadable) frames */
  frames: number;
  groups: WalkGroup[];
  dialogs: Element[];
  /** elements whose class or id names an infinite-scroll sentinel */
  infinite: WalkInfo[];
  labels: HTMLLabelElement[];
  keyOf: (info: WalkNode) => number;
  /** the element budget ran out */
  clipped: boolean;
}
