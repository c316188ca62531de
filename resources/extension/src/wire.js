// @ts-check
// The shapes of what crosses the wire (docs/protocol.md) and of the step objects the executor passes
// around, for the type check only: nothing here runs, and no bundle imports it.

/**
 * Where a step acts: css or path, narrowed by indexes/index/all, inside the shadow hosts or frames of enter.
 * @typedef {object} Selector
 * @property {string} [css]
 * @property {string} [path]
 * @property {number[]} [indexes]
 * @property {number} [index]
 * @property {boolean} [all]
 * @property {string[]} [enter]
 */

/**
 * A step's `condition` (the step is skipped unless it holds).
 * @typedef {object} Condition
 * @property {string} [selector]
 * @property {string} [text]
 * @property {string} [url_includes]
 * @property {string} [match] 'all' (default) or 'any'
 * @property {boolean} [negate]
 * @property {number} [timeout_ms]
 */

/**
 * A step's `wait` (what must hold after it acts).
 * @typedef {object} WaitConfig
 * @property {string} [selector]
 * @property {boolean} [absent]
 * @property {string} [text]
 * @property {string} [url_includes]
 * @property {number} [delay_ms]
 * @property {number} [timeout_ms]
 */

/**
 * One field of an extractList row.
 * @typedef {object} FieldSpec
 * @property {string} [css]
 * @property {string} [attribute]
 */

/**
 * A Step as the studio sends it in `perform` (the spec's JSON names).
 * @typedef {object} Step
 * @property {string} type
 * @property {string} [id]
 * @property {Selector} [selector]
 * @property {string} [value]
 * @property {string} [url]
 * @property {string} [tab]
 * @property {WaitConfig} [wait]
 * @property {Condition} [condition]
 * @property {number} [timeout_ms]
 * @property {boolean} [accept_dialog]
 * @property {boolean} [allow_download]
 * @property {string} [attribute]
 * @property {string} [format]
 * @property {Record<string, FieldSpec>} [fields]
 * @property {number} [limit]
 * @property {string} [method]
 * @property {Record<string, string>} [body_params]
 * @property {string} [filename]
 * @property {string} [fn]
 * @property {unknown[]} [args]
 * @property {boolean} [optional]
 * @property {string} [store]
 * @property {any} [target]
 * @property {import('./page/executor/expect.js').Expect & {ready?: boolean}} [expect] the effect seen when authored (replay waits for it)
 */

/**
 * A file a step captured, for the client.
 * @typedef {object} FileOut
 * @property {string} filename
 * @property {string} mime
 * @property {number} size
 * @property {string} base64
 */

/**
 * A file an upload step puts into a file field (name → this, beside the values).
 * @typedef {object} UploadFile
 * @property {string} filename
 * @property {string} [mime]
 * @property {string} base64
 */

/**
 * A dialog the guard answered.
 * @typedef {object} Dialog
 * @property {string} kind alert, confirm or prompt
 * @property {string} message
 * @property {'accepted' | 'dismissed'} handled
 * @property {string} [answer] the text an accepted prompt returned
 * @property {boolean} [before_step] answered before the step began (the page opened it after the step before had
 *   answered, on a timer): reported with this step, not as its doing
 */

/**
 * A download seen while a step ran.
 * @typedef {object} DownloadSeen
 * @property {string} url
 * @property {string | null} filename
 * @property {boolean} blocked
 * @property {string | null} [mime] the type Chrome reported
 * @property {number} [size] bytes, when Chrome knew them (the file's size, else the expected total)
 * @property {string | null} [saved_to] where Chrome saved an allowed download, when it finished in time
 */

/**
 * What a step handler (or a page attempt) comes back with, before it becomes the `performed` reply.
 * @typedef {object} StepResult
 * @property {boolean} [ok]
 * @property {string | null} [error]
 * @property {unknown} [data]
 * @property {boolean} [dispatched]
 * @property {boolean} [uncertain]
 * @property {boolean} [skipped]
 * @property {boolean} [retry]
 * @property {boolean} [truncated]
 * @property {boolean} [stopped] the person stopped the extractList (a `cancel`) before its end; truncated too
 * @property {number} [items]
 * @property {number} [pages]
 * @property {number} [count]
 * @property {FileOut} [file]
 * @property {boolean} [navigating]
 * @property {boolean} [new_tab]
 * @property {boolean} [partial]
 * @property {string | null} [effect] what the page did with the input, in words (a fill's note)
 * @property {import('./page/page-calls.js').PageEffect} [page_effect] what the page saw a click or key do
 * @property {Heal} [healed] the step's selector did not lead to its target; the element acted on was found by identity
 * @property {string} [missing] the recorded effect (expect) that did not follow, in words
 * @property {LateEffect[]} [late_effects] what clicks before this step did after their verdicts saw no change
 * @property {import('./page/page-calls.js').PageAt} [at] the page's address and title when it answered the step
 * @property {boolean} [expect_held] the step's recorded effect held when the page answered (expect-wait.js)
 */

/**
 * A change a click made after its verdict said it changed nothing (page/executor/effects.js): the click's step id,
 * what changed, and how long after the verdict the first change came.
 * @typedef {object} LateEffect
 * @property {string} step_id
 * @property {string} effect
 * @property {number} after_ms
 */

/**
 * Evidence of a heal (page/executor/identity.js): the selector the step had, the one it acted through, and how
 * well the element fit the target against the next best.
 * @typedef {object} Heal
 * @property {Record<string, unknown> | null} from
 * @property {Record<string, unknown>} to
 * @property {number} score
 * @property {number | null} runner_up
 * @property {string} reason
 * @property {string} element
 */

/**
 * The body of the `performed` reply.
 * @typedef {object} Performed
 * @property {string | null} step_id
 * @property {boolean} ok
 * @property {boolean} skipped
 * @property {string | null} error
 * @property {string | null} effect what the page did with the input ("no visible change", "the page took the value and cleared the field")
 * @property {string | null} data
 * @property {string | null} url
 * @property {string | null} title
 * @property {boolean} navigated
 * @property {{id: number, url: string, title?: string | null}[]} new_tabs
 * @property {Dialog[]} dialogs
 * @property {DownloadSeen[]} downloads
 * @property {number} elapsed_ms
 * @property {boolean} [uncertain]
 * @property {boolean} [repeated]
 * @property {boolean} [truncated]
 * @property {boolean} [stopped] the person stopped the extractList (a `cancel`) before its end; truncated too
 * @property {number} [items]
 * @property {number} [pages]
 * @property {number} [count]
 * @property {FileOut} [file]
 * @property {boolean} [optional]
 * @property {string} [store]
 * @property {Heal} [healed]
 * @property {string} [missing] the recorded effect (expect) that did not follow, in words
 * @property {LateEffect[]} [late_effects] what clicks before this step did after their verdicts saw no change
 */

/**
 * The ledger's record of one step_id: running (in this worker: with who holds it), or done.
 * @typedef {{state: 'running', holder?: {promise?: Promise<Performed>}, at?: number} | {state: 'done', result: Performed, at?: number}} LedgerRecord
 */

/**
 * The answer to `status`.
 * @typedef {object} StepStatus
 * @property {'done' | 'running' | 'interrupted' | 'never_started'} state
 * @property {Performed} [result]
 * @property {number} ledger_since
 */

/**
 * The reply to `cancel`: running false (with the error saying why) when no extractList with that id runs here;
 * then nothing changed.
 * @typedef {object} Cancelled
 * @property {boolean} ok
 * @property {string} [step_id] the request's, echoed as it came
 * @property {boolean} running
 * @property {string | null} error
 */

/**
 * The `progress` event of a long extractList, after each page: counts only, never row contents.
 * @typedef {object} Progress
 * @property {string} step_id
 * @property {number} items rows read so far
 * @property {number} pages pages read so far
 */

/**
 * The salt and digests of the declared values of one recording: SHA-256(salt || value) as hex, per name.
 * @typedef {object} RecordTokens
 * @property {string} salt base64 (or base64url)
 * @property {Record<string, string>} values
 */

/**
 * A request from the studio (any verb; the fields each verb reads). `cancel` reads only step_id. As parsed from the
 * wire: only type and id are checked before it is handled, so each handler checks what it must.
 * @typedef {object} StudioRequest
 * @property {string} type
 * @property {string} id
 * @property {string} [task] the studio's task the request belongs to (up to 100 characters; absent: its own session)
 * @property {number | null} [tab]
 * @property {Step} [step]
 * @property {string} [step_id]
 * @property {string} [workflow_id] perform: the inline run the step travels in, echoed on `performed`
 * @property {boolean} [identity] perform: check the step's target before acting and heal to it (replay)
 * @property {Record<string, unknown>} [values]
 * @property {Record<string, UploadFile>} [files]
 * @property {number} [timeout_ms]
 * @property {string} [input] 'trusted' or 'page'
 * @property {number} [max_nodes]
 * @property {number} [max_text]
 * @property {boolean} [include_text]
 * @property {number} [settle_ms] observe: read once the network is quiet this long (no request open, a loaded page)
 * @property {number} [settle_limit_ms] observe: read as the page is after this long at most
 * @property {Selector | null} [selector]
 * @property {PictureRef[]} [refs] picture: the observed elements whose boxes are drawn
 * @property {Selector[]} [blur] picture: the fields blurred while it is taken (they hold a variable's value)
 * @property {boolean} [on]
 * @property {RecordTokens} [tokens]
 * @property {string} [prompt] gate
 * @property {string} [method] gate: password, code, passkey, qr_code, security_key, device_approval, captcha, payment
 * @property {string} [instruction] gate: the sentence the person reads
 * @property {string} [continues] gate: what else ends it
 * @property {Condition | null} [continue_on]
 * @property {WaitingItem} [item] waiting
 * @property {string} [item_id] waiting_ended
 * @property {string} [answered_by] waiting_ended: chrome, studio or terminal (absent: withdrawn)
 * @property {string | null} [text] activity
 * @property {string} [request] trusted_input_done: the trusted_input event it answers
 * @property {number} [sent] trusted_input_done: how many of the input's actions reached the browser
 * @property {string} [error] trusted_input_done: why the input was not (wholly) sent
 */

/**
 * picture: an observed element whose box the studio draws.
 * @typedef {{ref: string, selector: Selector}} PictureRef
 */

/**
 * What waits for the person, as the studio sends it with `waiting` (an approval card: the value as written, a
 * `{{ token }}`, never a real value) or a gate lists it (a userStep): text fields as the studio's card shows them.
 * @typedef {object} WaitingItem
 * @property {string} id
 * @property {string} [kind] 'approval' (the default) or 'user_step'
 * @property {string} [action]
 * @property {string} [label]
 * @property {{role?: string, name?: string, section?: string, href?: string}} [element]
 * @property {string} [selector]
 * @property {string} [url]
 * @property {string} [value]
 * @property {string} [decided_by]
 * @property {string} [reasoning]
 * @property {string} [page]
 * @property {string[]} [risks]
 * @property {string[]} [evidence]
 * @property {boolean} [edited]
 * @property {string} [prompt] a userStep's
 * @property {string} [method]
 * @property {string} [instruction]
 * @property {string} [continues]
 * @property {string} [task] which of the studio's tasks asks ("Task t-1a2b3c4d: the goal")
 */

// Pairing (docs/protocol.md "Connection and pairing"): challenge, hello, welcome; then heartbeats both ways.

/** @typedef {{type: 'challenge', id: 'pair', protocol: number, nonce: string}} Challenge */
/** @typedef {{type: 'hello', id: 'pair', protocol: 1, extension_version: string, browser: string, client_id: string, nonce: string, proof: string}} Hello */
/** @typedef {{type: 'welcome', id: 'pair', proof: string, heartbeat_ms?: number}} Welcome */
/** @typedef {{type: 'heartbeat', at: number}} Heartbeat */
/** An error instead of a reply (with the request's id), or the studio's refusal of a pairing. @typedef {{type: 'error', id?: string, error: string}} WireError */

/**
 * A message before the pairing is done, as parsed: a challenge, a welcome or an error by its type, but none of its
 * fields checked yet (the pairing step checks each one it reads).
 * @typedef {{type: string, protocol?: unknown, nonce?: unknown, proof?: unknown, heartbeat_ms?: unknown, error?: unknown}} PairingMessage
 */

// Replies (extension -> studio): the body a handler answers with; the connection adds the request's id.

/** @typedef {{inflight: number, idle_ms: number | null}} NetworkState the tab's requests still open, time since the last */
/** @typedef {import('./executor/tab-view.js').TabView} TabView */
/**
 * The observation reply; observation is the page's PageObservation (page/observer) with known values masked and the
 * tab view added.
 * @typedef {{type: 'observation', ok: boolean, error?: string, observation?: Record<string, unknown>, tab: number, network?: NetworkState, observe_ms?: number, settled?: boolean, reads?: number}} ObservationReply
 */
/** @typedef {Omit<Performed, 'step_id'> & {type: 'performed', step_id?: string, workflow_id?: string}} PerformedReply */
/** @typedef {ReturnType<typeof import('./page/executor/picture.js').pictureBoxes>} PictureLayout boxes, viewport, blurred */
/** @typedef {{type: 'picture', ok: boolean, error?: string | null, image?: string, format?: 'jpeg'} & Partial<PictureLayout>} PictureReply */
/** @typedef {{type: 'screenshot', ok: boolean, image?: string, format?: string, outlined?: boolean, error: string | null}} ScreenshotReply */
/** @typedef {{id: number, url: string, title: string, active: boolean, task: boolean, opened_by_task: boolean, adopted: boolean, on_task_site: boolean}} ListedTab */
/**
 * One reply body per verb (docs/protocol.md "Requests").
 * @typedef {ObservationReply | PerformedReply | PictureReply | ScreenshotReply
 *   | {type: 'trusted_input_taken', ok: boolean}
 *   | {type: 'cancelled'} & Cancelled
 *   | {type: 'step_status', step_id?: string} & StepStatus
 *   | {type: 'highlighted', ok: boolean, error: string | null}
 *   | {type: 'tab_list', tabs: ListedTab[], other_tabs: number}
 *   | {type: 'recording', ok: boolean, on: boolean, error?: string}
 *   | {type: 'released', ok: boolean, viewport_reset?: boolean}
 *   | {type: 'gate_cleared'} & GateCleared
 *   | {type: 'panel_updated', ok: boolean, shown?: 'opened' | 'badge'}
 *   | WireError} Reply
 */
/**
 * How a gate ended: how is continue, condition or timeout (null: the tab closed, the studio withdrew the step, or
 * continue_on cannot be read); a timeout's error says what the page showed of continue_on at its last look.
 * @typedef {{ok: boolean, how: 'continue' | 'condition' | 'timeout' | null, answered_by?: string | null, error?: string}} GateCleared
 */

// Events (extension -> studio, no id): {type: 'event', event, ...its fields}. Events about tabs name the url and
// title only of the task's tabs and the person's tabs on the task's sites (decision 0027).

/** @typedef {{url?: string, title?: string}} NamedTab a tab's url and title, masked, when it may be named */
/**
 * A trusted input a Firefox Waymark launched asks the studio to send over BiDi.
 * @typedef {{kind: 'click', x: number, y: number} | {kind: 'type', text: string} | {kind: 'press', chord: string}} TrustedInputAction
 */
/**
 * A person's action in take-over recording; value is a {{ token }}, a mask or masked text, never a typed secret.
 * @typedef {{action: string, selector?: Selector | null, value?: string | null, key?: string | null, url: string}} UserAction
 */
/**
 * The fields of each event, by its name.
 * @typedef {object} EventFields
 * @property {{tab: number | undefined, opener: number | null} & NamedTab} tab_opened
 * @property {{tab: number}} tab_closed
 * @property {{tab: number, status: string | null} & NamedTab} tab_changed
 * @property {{url: string, filename: string | null, task?: string}} download_blocked
 * @property {Progress} progress
 * @property {Omit<import('./bridge/panel-key.js').PanelAnswer, 'waymark_panel'>} answer the person's answer in the side panel
 * @property {UserAction} user_action
 * @property {{request: string, browser_key: string, tab: number, url: string | undefined, input: TrustedInputAction}} trusted_input
 */
/** @typedef {{type: 'event', event: keyof EventFields} & EventFields[keyof EventFields]} EventMessage */

export {};
