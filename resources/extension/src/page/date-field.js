// @ts-check
// Date fields: which text fields are a date picker's, what format a field says it takes. Shared by the
// observer (a node that is a date picker says so) and the executor (a fill of a date picks or types it).

// the markers the common date-picker libraries put on their field
const PICKER_FIELD = '.flatpickr-input, .hasDatepicker, [data-provide=datepicker], .datepicker, .air-datepicker-input, [aria-haspopup=dialog], [aria-haspopup=grid]';

/**
 * The date an ISO value (yyyy-mm-dd) names, or null for any other value.
 * @param {string | null | undefined} value
 */
export function isoDate(value) {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(String(value ?? ''));
  if (!m) return null;
  const ymd = { y: +m[1], m: +m[2], d: +m[3] };
  const t = new Date(ymd.y, ymd.m - 1, ymd.d);
  return t.getMonth() === ymd.m - 1 && t.getDate() === ymd.d ? ymd : null;
}

/**
 * Whether el is a date picker's text field (not a native date input, which the browser's own picker fills).
 * @param {Element} el
 */
export function isDatePickerField(el) {
  if (el.localName !== 'input') return false;
  const type = String(el.getAttribute('type') || 'text').toLowerCase();
  if (type !== 'text' && type !== '') return false;
  if (el.matches(PICKER_FIELD)) return true;
  // a field that says in which format it wants a date (dd.mm.yyyy): a person types it so
  return !!formatOf(el.getAttribute('placeholder'));
}

/**
 * The order and separator a placeholder such as "dd/mm/yyyy" or "MM-DD-YYYY" names, or null.
 * @param {string | null} placeholder
 */
export function formatOf(placeholder) {
  const m = /^\s*([dmy]{1,4})([./ -])([dmy]{1,4})\2([dmy]{1,4})\s*$/i.exec(placeholder || '');
  if (!m) return null;
  const parts = [m[1], m[3], m[4]].map((p) => p.toLowerCase());
  if (new Set(parts.map((p) => p[0])).size !== 3) return null;
  return { parts, sep: m[2] };
}

