// The calls the service worker makes into the page script (globalThis.__waymark, wired in page.js; the worker calls
// them through executor/page-call.js): what it passes (the step as the page gets it, performInPage's options) and
// what each page function answers. One declaration for both sides: the worker's callers and the page's functions
// (page/executor) read the same shapes. Types only: nothing here runs, and no bundle imports it.
import type { Selector, FieldSpec, Condition, WaitConfig, Dialog, Heal, Step, LateEffect } from '../wire.js';
import type { Expect } from './executor/expect.js';
import type { ObserveOptions, PageObservation } from './observer/observation';

/**
 * What a click or a key did, seen from inside the page (page/executor/effects.js settle), or {gone} for a new
 * document; the worker turns it into the step's verdict (executor/effects.js).
 */
export interface PageEffect {
  /** DOM changes */
  mutations?: number;
  url_changed?: boolean;
  /** where focus went, described; null when it did not move */
  focus?: string | null;
  /** the checkbox or radio clicked, checked before and after (script_only: one only the page's script reads) */
  toggle?: { type: string; before: boolean; after: boolean; script_only?: boolean };
  /** the element is (inside) a link */
  link?: boolean;
  /** finishTrusted in a new document: the input's navigation loaded it */
  gone?: boolean;
  /** a navigation started while the page waited */
  leaving?: boolean;
  /** the hash route the address moved to within the document */
  route?: string;
}

/** The page script's id of its document (page/executor/common.js docId): a new one after every navigation. */
export type DocId = string;

/** A point in CSS pixels of the top viewport. */
export interface Point {
  x: number;
  y: number;
}

/** The step as performInPage gets it: only what the page acts on (a fill's or select's value travels in the options). */
export interface PageStep {
  type: string;
  selector?: Selector;
  value?: string;
  /** who the element is (identity.js), sent on replay only */
  target?: Step['target'];
  attribute?: string;
  format?: string;
}

/** A file an upload step puts into its field, as the page gets it (its mime always set). */
export interface PageUploadFile {
  filename: string;
  mime: string;
  base64: string;
}

/** performInPage's options (its third argument). */
export interface PageStepOptions {
  /** the key the page keeps the step's dispatch (and a trusted input's watch) under */
  step_id?: string | null;
  /** a fill's or select's value, its tokens substituted */
  value?: string;
  /** false: the value came from a {{ token }}, so the verdict never quotes it back */
  echo?: boolean;
  /** the worker sends the input through the debugger; the page checks, hit-tests or focuses, and watches */
  trusted?: boolean;
  /** check the step's target before acting, heal to it (replay) */
  identity?: boolean;
  files?: PageUploadFile[];
  /** the attempt number (executor/attempts.js) */
  attempt?: number;
  /** the page arms the dialog guard itself and returns its dialogs */
  guard?: { accept: boolean };
  /** replay: the step's recorded effect, checked here once the input has settled (executor/expect-wait.js) */
  expect?: ExpectInPage;
}

/** A recorded effect of only cheap facts (no element to appear or go), with what its check needs. */
export interface ExpectInPage {
  facts: Expect;
  baseline: { count?: number | null };
  value: string | null;
  /** finishTrusted: the selector the input went to (the page call that prepared it may have healed it) */
  selector?: Selector | null;
}

/**
 * The request captureDownload's click would have made (a link's or a form's: page/executor/files.js formPlan), for
 * the worker to send in the page's session through fetchFile.
 */
export interface DownloadPlan {
  url: string;
  method: 'GET' | 'POST';
  /** [name, value] pairs in form order */
  fields: [string, string][];
  /** a form's (page/executor/files.js sets it); a download the browser began has none */
  enctype?: string;
  /** a GET form replaces the address's query */
  replace_query: boolean;
}

/**
 * What one attempt of a page step answers (performInPage, finishTrusted, listNext): it acted (dispatched), or says
 * why it cannot yet (retry, error), or asks the worker for trusted input (trusted_point, trusted_keys).
 */
export interface PageStepResult {
  ok?: boolean;
  error?: string | null;
  retry?: boolean;
  /**
   * with retry: the reason is the element itself (a fill's element is no field at all, on a loaded page), not a state
   * it may leave soon; the worker stops once it has heard it for LASTING_MS, not at the step's timeout
   */
  lasting?: boolean;
  dispatched?: boolean;
  uncertain?: boolean;
  /** how many elements it acted on */
  count?: number;
  /** an extract's value (a string, JSON for many), a scroll's note */
  data?: string;
  truncated?: boolean;
  /** what the page did with a fill's input, in words */
  effect?: string | null;
  navigating?: boolean;
  new_tab?: boolean;
  page_effect?: PageEffect;
  healed?: Heal;
  /** where the worker clicks (trusted input) */
  trusted_point?: Point;
  /** the worker types or presses (trusted input) */
  trusted_keys?: boolean;
  /** what the worker types */
  text?: string;
  /** the key a flow's input names (a Tab that commits a typed date) */
  chord?: string;
  /** a flow (a combobox select) that may ask for more input */
  flow?: boolean;
  /** captureDownload: the request the click would have made; null when the page's script downloads itself */
  plan?: DownloadPlan | null;
  /** the same step_id dispatched in this document before: its result again */
  repeated?: boolean;
  /** what clicks before this step did after their verdicts saw no change (page/executor/effects.js) */
  late_effects?: LateEffect[];
  /** the document has no dialog guard yet: the worker installs it and calls again */
  guard_missing?: boolean;
  /** finishTrusted: no input was armed in this document (a new one) */
  gone?: boolean;
  dialogs?: Dialog[];
  doc?: DocId;
  /** the document's address and title as the page answered (the worker asks the tab only after a new document) */
  at?: PageAt;
  /** the step's recorded effect held when the page answered (options.expect): the worker need not ask again */
  expect_held?: boolean;
}

/** Where a page call answered from: the top document's address and title. */
export interface PageAt {
  url: string;
  title: string;
}

/** stepRecord: what the document knows about a step it may have dispatched. */
export type PageStepRecord = { known: true; result: PageStepResult; doc: DocId } | { known: false; doc: DocId };

/** pageState: where the page stands. */
export interface PageState {
  url: string;
  title: string;
  doc: DocId;
  ready: DocumentReadyState;
  /** WIDTHxHEIGHT as the page sees it */
  viewport: string;
}

/** checkCondition's answer. */
export interface ConditionCheck {
  ok: boolean;
  holds?: boolean;
  /** each predicate and whether it holds, in words */
  detail?: string;
  error?: string;
  /** the error is the condition's own (a selector that is no CSS): asking again gives it again */
  fatal?: boolean;
  doc: DocId;
}

/** checkWait's answer: pending says what has not happened yet. */
export interface WaitCheck {
  ok: boolean;
  holds?: boolean;
  pending?: string;
  error?: string;
  doc: DocId;
  ready?: DocumentReadyState;
}

/** The step as extractList's page calls (listItems, listNext) get it. */
export interface ListStep {
  selector: Selector;
  fields?: Record<string, FieldSpec>;
  value?: string;
  /** the run the page remembers read rows under */
  run: string;
}

/** One extractList row: field name → text. */
export type ListRow = Record<string, string>;

/** listItems: the rows not read before in this document, and how the list continues. */
export interface ListBatch {
  rows: ListRow[];
  matched: number;
  next: { kind: string; description: string } | null;
  scroll: boolean;
  scrollable: boolean;
  error?: string;
  doc: DocId;
}

/** listScroll: the page's scroll height and position after it scrolled to the bottom. */
export interface ListScrolled {
  height: number;
  y: number;
  doc: DocId;
}

/** What fetchFile sends: a captureUrl's request, or a captureDownload's plan. */
export interface FetchRequest {
  url: string;
  method: string;
  fields?: [string, string][];
  enctype?: string;
  replace_query?: boolean;
  body_params: Record<string, string>;
  max_bytes: number;
}

/** fetchFile's answer: the file as base64, or why not. */
export type FetchedFile =
  | { ok: false; error: string }
  | { ok: true; status: number; mime: string; disposition: string; final_url: string; size: number; base64: string };

/** pageHtml: the page serialized. */
export interface PageHtml {
  html: string;
  title: string;
  url: string;
  doc: DocId;
}

/** expectBaseline: what an expect compares with after the step (a list's count before it). */
export interface ExpectBaseline {
  ok: boolean;
  count?: number | null;
  doc?: DocId;
}

/** checkExpect: whether the expect holds, and what is missing, in words. */
export interface ExpectCheck {
  ok: boolean;
  holds: boolean;
  missing: string[];
  doc: DocId;
}

/** targetSettled: whether the page takes input at the step's element now. */
export interface TargetSettled {
  ok: boolean;
  ready: boolean;
  pending: string;
  /** how long ago the document's load event ended (0 before it has) */
  loaded_ms: number;
  doc: DocId;
}

/** highlight: how many elements are outlined, or why none. */
export type Highlighted = { ok: true; count: number } | { ok: false; error: string };

/** pictureBoxes: the observed elements' boxes on screen and how many fields were blurred. */
export interface PictureBoxes {
  boxes: { ref: string; x: number; y: number; w: number; h: number }[];
  viewport: { w: number; h: number; dpr: number };
  blurred: number;
}

/**
 * The page script's functions the worker calls (globalThis.__waymark): their arguments and answers. callPage's
 * fn names one of them, and its args and value follow from it.
 */
export interface PageCalls {
  performInPage(step: PageStep, values: Record<string, unknown>, options: PageStepOptions): Promise<PageStepResult>;
  finishTrusted(stepId: string, opts: { quiet?: boolean; expect?: ExpectInPage }): Promise<PageStepResult>;
  stepRecord(stepId: string): PageStepRecord;
  pageState(): PageState;
  /** opts.shown: a selector holds only for a match that is shown (a userStep's continue_on: "appears") */
  checkCondition(cond: Condition, opts?: { shown?: boolean }): ConditionCheck;
  checkWait(wait: WaitConfig): WaitCheck;
  listItems(step: ListStep): ListBatch;
  listNext(step: ListStep): Promise<PageStepResult>;
  listScroll(): ListScrolled;
  fetchFile(req: FetchRequest): Promise<FetchedFile>;
  pageHtml(): PageHtml;
  expectBaseline(expect: Expect): ExpectBaseline;
  /** baseline: what expectBaseline answered ({} when there is none) */
  checkExpect(expect: Expect, baseline: { count?: number | null }, opts: { value?: string | null; selector?: unknown }): ExpectCheck;
  targetSettled(selector: Selector | null, mark: boolean): Promise<TargetSettled>;
  unmarkTarget(): { ok: boolean; doc: DocId };
  highlight(selector: Selector | null): Highlighted;
  observePageTimed(opts: ObserveOptions): { observation: PageObservation; observe_ms: number; loaded_ms: number | null; late_effects?: LateEffect[] };
  pictureBoxes(refs: { ref: string; selector: unknown }[], secret: unknown[]): PictureBoxes;
  /** how many fields it took the blur off */
  pictureRestore(): { restored: number };
}

/** The name of a page function the worker calls. */
export type PageCallName = keyof PageCalls;

/** What page function K answers, once its promise (if any) has settled. */
export type PageAnswer<K extends PageCallName> = Awaited<ReturnType<PageCalls[K]>>;
