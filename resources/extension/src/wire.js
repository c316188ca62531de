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
 * @property {import('./executor/effects.js').PageEffect} [page_effect] what the page saw a click or key do
 * @property {Heal} [healed] the step's selector did not lead to its target; the element acted on was found by identity
 * @property {string} [missing] the recorded effect (expect) that did not follow, in words
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
 * @property {string} step_id
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
 * A request from the studio (any verb; the fields each verb reads). `cancel` reads only step_id.
 * @typedef {object} StudioRequest
 * @property {string} type
 * @property {string} id
 * @property {number} [tab]
 * @property {Step} [step]
 * @property {string} [step_id]
 * @property {Record<string, unknown>} [values]
 * @property {Record<string, UploadFile>} [files]
 * @property {number} [timeout_ms]
 * @property {string} [input] 'trusted' or 'page'
 * @property {number} [max_nodes]
 * @property {number} [max_text]
 * @property {boolean} [include_text]
 * @property {Selector | null} [selector]
 * @property {boolean} [on]
 * @property {RecordTokens} [tokens]
 * @property {string} [prompt]
 * @property {Condition} [continue_on]
 * @property {string} [request] trusted_input_done: the trusted_input event it answers
 * @property {number} [sent] trusted_input_done: how many of the input's actions reached the browser
 * @property {string} [error] trusted_input_done: why the input was not (wholly) sent
 */

export {};
