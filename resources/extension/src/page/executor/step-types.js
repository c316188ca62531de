// @ts-check
// The shapes of the calls the service worker makes into the page executor: the step it hands over, the options of
// an attempt, and what the step kinds come back with. Types only (JSDoc), no code: the wire's own shapes (Step,
// Selector, UploadFile, StepResult) live in wire.js and are only narrowed here to what the page reads.

/**
 * A step as the worker hands it to the page: the wire step's fields the page reads, all of them optional (an
 * extractList's page step has no type), and the run an extractList's batches share (extract.js).
 * @typedef {Partial<Pick<import('../../wire.js').Step, 'type' | 'selector' | 'value' | 'attribute' | 'format' | 'fields' | 'target'>> & {run?: string}} PageStep
 */

/**
 * The options of one attempt of a step (performInPage's third argument).
 * @typedef {object} StepOptions
 * @property {string} [step_id] the step's id (or effect key): a repeated call with it reports instead of acting again
 * @property {string} [value] a fill's or select's value, its {{ tokens }} substituted by the worker
 * @property {boolean} [echo] false when the value came from a {{ token }}: no message may quote it
 * @property {boolean} [trusted] the worker sends the input through the debugger; the page only checks and watches
 * @property {boolean} [identity] check who the element is against the step's target before acting (replay)
 * @property {number} [attempt] which attempt this is (0 first): a retry scrolls the element differently
 * @property {{accept?: boolean}} [guard] the dialog guard this document must have armed before acting
 * @property {import('../../wire.js').UploadFile[]} [files] an upload's files
 * @property {boolean} [prepareOnly] only check and prepare the element, dispatch nothing (trusted input)
 */

/**
 * What an attempt in the page comes back with: the wire's step result, and the fields only the worker reads
 * between attempts.
 * @typedef {import('../../wire.js').StepResult & PageStepExtras} PageStepResult
 */

/**
 * @typedef {object} PageStepExtras
 * @property {string} [doc] the id of the document that answered
 * @property {boolean} [flow] a widget flow waits for the trusted input it asks for (finishTrusted resumes it)
 * @property {{x: number, y: number}} [trusted_point] where the worker's trusted click goes (top viewport CSS pixels)
 * @property {boolean} [trusted_keys] the worker sends the keys (text, or chord) to the focused element
 * @property {string} [text] the text the trusted keys type
 * @property {string} [chord] the chord the trusted keys press
 * @property {FormPlan | null} [plan] the request a captureDownload's click would have made, for the worker to send
 *   (null: the page's own script handled the click)
 */

/**
 * The request a link or form would make (files.js), sent by the worker in the page's session through fetchFile.
 * @typedef {object} FormPlan
 * @property {string} url
 * @property {'GET' | 'POST'} method
 * @property {string[][]} fields [name, value] pairs in form order
 * @property {string} enctype
 * @property {boolean} replace_query a GET form replaces the action's query with its fields
 */

/**
 * A fetchFile request: the URL, and for a form's request its method, fields and encoding.
 * @typedef {object} FetchRequest
 * @property {string} url
 * @property {string} [method]
 * @property {string[][]} [fields] [name, value] pairs in form order
 * @property {Record<string, unknown>} [body_params] values by name that override the fields
 * @property {string} [enctype]
 * @property {boolean} [replace_query]
 * @property {number} [max_bytes]
 */

export {};
