// The PageObservation the observer returns (observePage in index.js) and its parts, with the spec's names:
// docs/protocol.md, "Observing", says what each field means. Absent fields read as false, empty or zero.
// For the type check only, nothing here runs.
import type { WalkInfo } from './walk-records';

/** What observePage takes (the `observe` message's fields, and what in-page checks ask for). */
export interface ObserveOptions {
  max_nodes?: number;
  max_text?: number;
  include_text?: boolean;
  /** members of a same-shaped run kept before the rest are collapsed */
  similar_keep?: number;
  /** elements walked at most */
  max_elements?: number;
  /** time the phases of the node work (the benchmark's) */
  profile?: boolean;
  /**
   * the nodes' facts only (role, name, text, tag, href, state, section, context), for the identity check: no
   * selectors, geometry, lists or pagination, which it does not score
   */
  lean?: boolean;
}

/** The options as observePage uses them: its DEFAULTS with the given ones over them. */
export interface ObserveSettings {
  max_nodes: number;
  max_text: number;
  include_text: boolean;
  similar_keep: number;
  max_elements: number;
  profile?: boolean;
}

/**
 * An absent field reads as false, empty or zero (docs/protocol.md). The observer always sets url, title, nodes,
 * headings, truncated, omitted, frames and lists; the others only when they say something.
 */
export interface PageObservation {
  url: string;
  title: string;
  nodes: ObservedNode[];
  headings: ObservedHeading[];
  /** the page's visible text: only with include_text */
  text?: string;
  truncated?: boolean;
  /** the name of what stands over the page: only when something does */
  modal?: string;
  /** the wall's topmost element is a cross-origin frame */
  modal_frame?: boolean;
  /** where a multi-step form stands: "step 2 of 3: Address" */
  form_step?: string;
  omitted?: number;
  /** cross-origin (unreadable) frames */
  frames?: number;
  lists?: ObservedList[];
}

/** One control of the page. */
export interface ObservedNode {
  ref: string;
  role: string;
  name?: string;
  /** what a person sees on a node Chrome leaves unnamed */
  text?: string;
  tag: string;
  type?: string;
  value?: string;
  placeholder?: string;
  disabled?: boolean;
  checked?: boolean;
  expanded?: boolean;
  options?: string[];
  widget?: ObservedWidget;
  selector: string;
  path?: string;
  indexes?: number[];
  positional?: boolean;
  enter?: string[];
  section?: string;
  context?: string;
  offscreen?: boolean;
  obscured?: boolean;
  similar?: number;
  href?: string;
}

/** A node while the observer makes it: it carries the walk's record of its element until it is returned. */
export interface ObservedNodeDraft extends ObservedNode {
  _info: WalkInfo;
}

/** What kind of widget a node is beyond its role (widgets.js widgetOf). */
export interface ObservedWidget {
  kind: 'sortable' | 'slider' | 'spinbutton' | 'date picker' | 'rich text' | 'autocomplete';
  /** a sortable header's aria-sort */
  sort?: string;
  min?: string;
  max?: string;
}

export interface ObservedHeading {
  level: number;
  text: string;
}

/** A run of repeated content blocks (tiles, rows, cards). */
export interface ObservedList {
  ref: string;
  /** the items: the parent's selector > the item's tag.class */
  selector: string;
  count: number;
  /** how many items the whole list has when the page draws only some (a virtualized grid) */
  total?: number;
  section?: string;
  fields: ListField[];
  pagination?: ListPagination;
}

/** A list while findLists makes it: it carries the element its items sit in until it is returned. */
export interface ObservedListDraft extends ObservedList {
  _parent: Element;
}

/** One field of a list's items, read from the first one. */
export interface ListField {
  name: string;
  /** relative to the item */
  css: string;
  sample: string;
  /** read from this attribute rather than the text */
  attribute?: string;
}

/** The control that reaches a list's next batch. */
export interface ListPagination {
  kind: 'numbered' | 'link' | 'more' | 'infinite';
  selector: string;
  label?: string;
  url?: string;
  pages?: number;
}
