// @ts-check
// The dialog guard, run in the page's MAIN world (window.alert/confirm/prompt are the page's
// own). It must be self-contained: the service worker passes it to executeScript as `func`,
// and guard-dismiss.js / guard-accept.js register it as a document_start content script while
// a navigation runs. After install, the page script (isolated world) arms it and collects the
// dialogs it answered through two synchronous DOM events on window, so a step needs no extra
// executeScript for dialogs once a document has the guard.

/** @typedef {import('./guard-window.js').GuardState} GuardState @typedef {import('./guard-window.js').GuardWindow} GuardWindow */

/**
 * Installs (or re-arms) the guard in this document and its same-origin frames. mode 'step': a
 * step arms it (its accept wins); 'load': the standing guard of the task's sites at
 * document_start (it does not undo a 'load-accept'); 'load-accept': registered for one
 * navigate step with accept_dialog, whichever of the two runs first.
 * @param {boolean} accept
 * @param {string} [mode] 'step', 'load' or 'load-accept'
 */
export function installDialogGuard(accept, mode = 'step') {
  const REQ = '__waymark_dialogs_req';
  const RES = '__waymark_dialogs_res';
  /**
   * @param {GuardWindow} w
   * @param {boolean | undefined} acc
   * @param {boolean | undefined} force
   */
  const patch = (w, acc, force) => {
    try {
      // undefined on a window not patched yet: set just below, before anything that reads it can run
      let state = /** @type {GuardState} */ (w.__waymarkDialogs);
      if (!state) {
        state = { accept: false, seen: [], earlier: [], passthrough: false };
        // marked before anything is replaced, so a window is never patched twice whatever happens below
        Object.defineProperty(w, '__waymarkDialogs', { value: state, enumerable: false, configurable: true });
        disguiseToString(w);
        // While the person has the page (take-over), dialogs are theirs: the page's own functions.
        const own = { alert: w.alert, confirm: w.confirm, prompt: w.prompt };
        // An accepted prompt answers its default text: the reply says what was answered (masked by the worker).
        /**
         * @param {string} kind
         * @param {unknown} message
         * @param {string} [answer]
         */
        const record = (kind, message, answer) => {
          /** @type {import('../wire.js').Dialog} */
          const d = { kind, message: String(message ?? '').slice(0, 500), handled: state.accept ? 'accepted' : 'dismissed' };
          if (state.accept && typeof answer === 'string') d.answer = answer.slice(0, 500);
          state.seen.push(d);
          if (state.seen.length > 20) state.seen.shift();
        };
        // methods, not function expressions: a native function has no prototype and is not a constructor
        const stand = {
          /** @param {any} [message] */
          alert(message) {
            if (state.passthrough) return own.alert.call(w, message);
            record('alert', message);
            return undefined;
          },
          /** @param {any} [message] */
          confirm(message) {
            if (state.passthrough) return own.confirm.call(w, message);
            record('confirm', message);
            return state.accept;
          },
          /**
           * @param {any} [message]
           * @param {any} [value]
           */
          prompt(message, value) {
            if (state.passthrough) return own.prompt.call(w, message, value);
            record('prompt', message, String(value ?? ''));
            return state.accept ? String(value ?? '') : null;
          },
        };
        w.alert = as(stand.alert, own.alert);
        w.confirm = as(stand.confirm, own.confirm);
        w.prompt = as(stand.prompt, own.prompt);
        watchTimers(w);
      }
      if (typeof acc === 'boolean' && (force !== undefined || !state.forced)) {
        state.accept = acc;
        state.forced = !!force;
      }
      if (force === false) {
        // A step arming the guard takes the page back from the person. What was answered before it began (a dialog
        // the page opened on a timer after the step before had answered) is told apart: not this step's doing, so
        // neither its verdict nor its report may count it as what the step did.
        state.passthrough = false;
        // (a document whose guard an older build of the extension installed has no list of them yet)
        if (!state.earlier) state.earlier = [];
        state.earlier.push(...state.seen.splice(0).map((d) => ({ ...d, before_step: true })));
        if (state.earlier.length > 20) state.earlier.splice(0, state.earlier.length - 20);
      }
    } catch { /* a cross-origin frame: not ours to patch */ }
  };
  /**
   * What a page reads of a function the guard put in place of its own is what it read before: its name, its length,
   * its own properties (no prototype: a stand-in is a method, which no `new` builds either), its prototype chain and its
   * source text through Function.prototype.toString ("function fetch() { [native code] }"). Scripts that tell a
   * browser a tool drives from a person's read exactly these, and some libraries keep a native fetch or timer apart
   * from a replaced one; neither should see the guard. toString itself is replaced, once per window, by one that
   * answers for a stand-in what it would answer for the function it stands for, itself included. One map serves every
   * window this install patches: a frame's stand-in is looked up by its own window's toString, and by its parent's.
   */
  /** @type {WeakMap<Function, Function>} a stand-in → the page's own function */
  const standsFor = new WeakMap();
  // taken once: a page that replaces call, apply or a WeakMap method sees nothing of the guard through them
  const apply = Reflect.apply;
  const mapHas = WeakMap.prototype.has;
  const mapGet = WeakMap.prototype.get;
  /**
   * @template {Function} F
   * @param {F} standIn
   * @param {Function} own
   * @returns {F}
   */
  const as = (standIn, own) => {
    if (typeof own !== 'function') return standIn;
    standsFor.set(standIn, own);
    Object.defineProperty(standIn, 'name', { value: own.name, configurable: true });
    Object.defineProperty(standIn, 'length', { value: own.length, configurable: true });
    // a frame's function inherits from the frame's Function.prototype, as the one it stands for does
    Object.setPrototypeOf(standIn, Object.getPrototypeOf(own));
    return standIn;
  };
  /** @param {GuardWindow} w */
  const disguiseToString = (w) => {
    const fnProto = /** @type {any} */ (w).Function && /** @type {any} */ (w).Function.prototype;
    const toString0 = fnProto && fnProto.toString;
    if (typeof toString0 !== 'function' || apply(mapHas, standsFor, [toString0])) return;
    const { toString } = {
      /** @this {unknown} */
      toString() {
        const mine = typeof this === 'function' && apply(mapHas, standsFor, [this]);
        return apply(toString0, mine ? apply(mapGet, standsFor, [this]) : this, []);
      },
    };
    // (assigned, it keeps the attributes of the property it replaces: writable, configurable, not enumerable)
    fnProto.toString = as(toString, toString0);
  };
  // The short timers the page set in reaction to something (an event, a promise): a debounced save or render still
  // to run. A click that leaves the view waits for them (page/executor/pending-work.js), as a person is never fast
  // enough to drop them. The requests in flight (fetch and the reading of its body, XMLHttpRequest) too: a click's
  // verdict waits for the work the click itself started, and no longer (page/executor/effects.js).
  // A timer set from a counted timer's callback is the same work going on (lodash's debounce re-arms itself for
  // the rest of its wait): it is counted from when its chain began, for CHAIN_DEPTH generations, so a polling chain
  // the page began at load stays out of a later step's count, and one that re-arms itself in its own callback drops
  // out after three generations. A loop that re-arms after an await (`await sleep(); await fetch()`) starts a chain
  // each round, as before: the waits that read the count have limits of their own.
  // An interval's first tick counts when it is under a second (RxJS schedules a debounce as an interval it clears
  // when it fires); later ticks are polling, and a one-second interval is a clock.
  const CHAIN_DEPTH = 3;
  /** @param {GuardWindow} w */
  const watchTimers = (w) => {
    /** @type {Map<any, {due: number, at: number}>} */
    const pending = new Map();
    /** @type {Map<number, number>} the requests in flight, each with the time it was sent */
    const inFlight = new Map();
    /**
     * The chain of the timer callback running now: undefined outside any timer, null in one not counted.
     * @typedef {{at: number, depth: number} | null | undefined} Chain
     */
    /** @type {Chain} */
    let chain;
    /** @returns {{at: number, depth: number} | null} the chain a timer set now belongs to */
    const chainOfNew = () => (chain === undefined ? { at: Date.now(), depth: 0 }
      : chain && chain.depth < CHAIN_DEPTH ? { at: chain.at, depth: chain.depth + 1 } : null);
    /**
     * Wraps a timer's callback so that what it sets belongs to its chain (after the first tick: none).
     * @param {Function} fn
     * @param {any[]} args
     * @param {{at: number, depth: number} | null} mine
     * @param {() => any} idOf
     */
    const wrap = (fn, args, mine, idOf) => {
      let ticks = 0;
      /** @this {any} */
      return function run() {
        pending.delete(idOf());
        const outer = chain;
        chain = ticks++ === 0 ? mine : null;
        try { return fn.apply(this, args); } finally { chain = outer; }
      };
    };
    /**
     * @param {(handler: any, ms?: number, ...rest: any[]) => any} native
     * @param {number} shortMs the longest delay counted as work
     * @returns {(handler: any, delay?: any, ...args: any[]) => any}
     */
    const counting = (native, shortMs) => ({
      /**
       * @param {any} fn
       * @param {any} [delay]
       * @param {...any} args
       */
      timer(fn, delay, ...args) {
        if (typeof fn !== 'function') return native.call(w, fn, delay, ...args);
        const ms = Math.max(0, Number(delay) || 0);
        const mine = ms <= shortMs ? chainOfNew() : null;
        /** @type {any} */
        let id;
        id = native.call(w, wrap(fn, args, mine, () => id), delay);
        if (mine) pending.set(id, { due: Date.now() + ms, at: mine.at });
        return id;
      },
    }).timer;
    const clear = w.clearTimeout;
    const clearI = w.clearInterval;
    w.setTimeout = /** @type {any} */ (as(counting(w.setTimeout, 1000), w.setTimeout));
    w.setInterval = /** @type {any} */ (as(counting(w.setInterval, 999), w.setInterval));
    const clears = {
      /** @param {any} [id] */
      clearTimeout(id) {
        pending.delete(id);
        return clear.call(w, id);
      },
      /** @param {any} [id] */
      clearInterval(id) {
        pending.delete(id);
        return clearI.call(w, id);
      },
    };
    w.clearTimeout = as(clears.clearTimeout, clear);
    w.clearInterval = as(clears.clearInterval, clearI);
    // A request is counted from its send to its end; one the page never ends (a long poll) is bounded by the waits
    // that read it, which all have a limit of their own.
    let seq = 0;
    const began = (at = Date.now()) => {
      const id = seq++;
      inFlight.set(id, at);
      return () => { inFlight.delete(id); };
    };
    /** @type {WeakMap<object, number>} a fetched response whose body is still to read, with its request's send time */
    const unread = new WeakMap();
    const fetch0 = w.fetch;
    if (typeof fetch0 === 'function') {
      w.fetch = as({
        /**
         * @this {any}
         * @param {...any} args
         */
        fetch(...args) {
          const at = Date.now();
          const end = began(at);
          let p;
          try { p = fetch0.apply(this, /** @type {any} */ (args)); } catch (e) { end(); throw e; }
          // The page gets a promise of its own that settles with p: a handler on p itself would mark a rejection
          // the page ignores as handled (no unhandledrejection, no console error).
          return Promise.resolve(p).then((res) => {
            if (res && typeof res === 'object') unread.set(res, at);
            end();
            return res;
          }, (e) => { end(); throw e; });
        },
      }.fetch, fetch0);
    }
    // fetch resolves when the headers arrive; reading the body is the rest of the same request, counted from its send
    const response = w.Response && w.Response.prototype;
    for (const method of ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes']) {
      const read0 = response && /** @type {any} */ (response)[method];
      if (typeof read0 !== 'function') continue;
      const { read } = {
        /**
         * @this {any}
         * @param {...any} args
         */
        read(...args) {
          const at = unread.get(this);
          if (at === undefined) return read0.apply(this, args);
          unread.delete(this);
          const end = began(at);
          let p;
          try { p = read0.apply(this, args); } catch (e) { end(); throw e; }
          return Promise.resolve(p).then((v) => { end(); return v; }, (e) => { end(); throw e; });
        },
      };
      /** @type {any} */ (response)[method] = as(read, read0);
    }
    // a clone of a response still to read is the same request's body, read through the copy (ky's hooks read one)
    const clone0 = response && response.clone;
    if (typeof clone0 === 'function') {
      /** @type {any} */ (response).clone = as({
        /** @this {any} */
        clone() {
          const copy = clone0.call(this);
          const at = unread.get(this);
          if (at !== undefined && copy && typeof copy === 'object') unread.set(copy, at);
          return copy;
        },
      }.clone, clone0);
    }
    const xhr = w.XMLHttpRequest && w.XMLHttpRequest.prototype;
    const send0 = xhr && xhr.send;
    if (typeof send0 === 'function') {
      /** @type {XMLHttpRequest} */ (xhr).send = as({ // send0 is its send: xhr is there
        /**
         * @this {any}
         * @param {...any} args
         */
        send(...args) {
          const end = began();
          try { this.addEventListener('loadend', end, { once: true }); } catch { end(); }
          try { return send0.apply(this, /** @type {any} */ (args)); } catch (e) { end(); throw e; }
        },
      }.send, send0);
    }
    // since: only the timers set and the requests sent from then on (a Date.now() time); none: all of them.
    const timersMs = (/** @type {number | undefined} */ since) => {
      const now = Date.now();
      let last = 0;
      let n = 0;
      // one held up by a busy page (or cleared by a function the guard does not know) is stale a second after it was due
      for (const [id, t] of pending) {
        if (t.due < now - 1000) pending.delete(id);
        // (an undefined since is greater than nothing: every one counts)
        else if (!(/** @type {number} */ (since) > t.at)) { n++; last = Math.max(last, t.due - now); }
      }
      return n ? Math.max(1, last) : 0;
    };
    // window.open from a handler: a tab that no link or form target names, which the worker then waits for
    /** @type {number[]} when each call was made (the last 50) */
    const opens = [];
    const open0 = w.open;
    if (typeof open0 === 'function') {
      w.open = as({
        /**
         * @this {any}
         * @param {...any} args
         */
        open(...args) {
          opens.push(Date.now());
          if (opens.length > 50) opens.shift();
          return open0.apply(this, /** @type {any} */ (args));
        },
      }.open, open0);
    }
    Object.defineProperty(w, '__waymarkOpens', { value: (/** @type {number | undefined} */ since) => opens.filter((at) => !(/** @type {number} */ (since) > at)).length,
      enumerable: false, configurable: true });
    Object.defineProperty(w, '__waymarkTimers', { value: timersMs, enumerable: false, configurable: true });
    Object.defineProperty(w, '__waymarkRequests', { value: (/** @type {number | undefined} */ since) => [...inFlight.values()].filter((at) => !(/** @type {number} */ (since) > at)).length,
      enumerable: false, configurable: true });
  };
  const pendingMs = (/** @type {number | undefined} */ since) => {
    let ms = 0;
    const read = (/** @type {GuardWindow} */ w) => {
      try { if (w.__waymarkTimers) ms = Math.max(ms, w.__waymarkTimers(since)); } catch { /* cross-origin */ }
    };
    read(window);
    for (let i = 0; i < window.frames.length; i++) read(window.frames[i]);
    return ms;
  };
  // The sum of one counter over this window and its same-origin frames (requests in flight, window.open calls).
  const summed = (/** @type {(w: GuardWindow) => number} */ count) => {
    let n = 0;
    const read = (/** @type {GuardWindow} */ w) => {
      try { n += count(w); } catch { /* cross-origin */ }
    };
    read(window);
    for (let i = 0; i < window.frames.length; i++) read(window.frames[i]);
    return n;
  };
  const requests = (/** @type {number | undefined} */ since) => summed((w) => (w.__waymarkRequests ? w.__waymarkRequests(since) : 0));
  const opensSince = (/** @type {number | undefined} */ since) => summed((w) => (w.__waymarkOpens ? w.__waymarkOpens(since) : 0));
  const patchAll = (/** @type {boolean | undefined} */ acc, /** @type {boolean | undefined} */ force) => {
    patch(window, acc, force);
    for (let i = 0; i < window.frames.length; i++) patch(window.frames[i], acc, force);
  };
  const collect = () => {
    /** @type {import('../wire.js').Dialog[]} */
    const out = [];
    const take = (/** @type {GuardWindow} */ w) => {
      try {
        const state = w.__waymarkDialogs;
        if (state) out.push(...(state.earlier || []).splice(0), ...state.seen.splice(0));
      } catch { /* cross-origin */ }
    };
    take(window);
    for (let i = 0; i < window.frames.length; i++) take(window.frames[i]);
    return out;
  };
  patchAll(!!accept, mode === 'load-accept' ? true : mode === 'load' ? undefined : false);
  if (!Object.prototype.hasOwnProperty.call(window, '__waymarkDialogLink')) {
    Object.defineProperty(window, '__waymarkDialogLink', { value: true, enumerable: false, configurable: true });
    window.addEventListener(REQ, (e) => {
      let cmd;
      try { cmd = JSON.parse(String(/** @type {CustomEvent} */ (e).detail)); } catch { return; }
      if (!cmd || typeof cmd !== 'object') return;
      // A step's own arming is explicit: it replaces whatever a loading guard set.
      patchAll(typeof cmd.accept === 'boolean' ? cmd.accept : undefined, typeof cmd.accept === 'boolean' ? false : undefined);
      const dialogs = cmd.take ? collect() : [];
      const since = typeof cmd.since === 'number' ? cmd.since : undefined;
      const work = cmd.timers ? { pending_ms: pendingMs(since), ...(cmd.requests ? { requests: requests(since) } : {}) } : {};
      const opened = cmd.opens ? { opens: opensSince(since) } : {};
      window.dispatchEvent(new CustomEvent(RES, { detail: JSON.stringify({ dialogs, ...work, ...opened }) }));
    }, true);
  }
  return true;
}
