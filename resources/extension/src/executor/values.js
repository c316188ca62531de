// {{ name }} substitution of real values into a step, and masking of any echo of a real value
// before a reply leaves the extension.

const TOKEN = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** Replaces {{ name }} tokens with values[name]. Returns {text, missing: [names]}. */
export function substitute(text, values) {
  const missing = [];
  if (typeof text !== 'string') return { text, missing };
  const out = text.replace(TOKEN, (m, name) => {
    if (values && Object.prototype.hasOwnProperty.call(values, name) && values[name] !== null && values[name] !== undefined) return String(values[name]);
    missing.push(name);
    return m;
  });
  return { text: out, missing };
}

/**
 * A function that masks every echo of a real value in a string as {{ name }}. Values of four
 * characters or more are masked wherever they occur (also URL- and form-encoded); shorter ones
 * only where a whole string equals them, so a value like "2" does not erase every digit.
 */
export function masker(values) {
  const pairs = Object.entries(values || {})
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => [k, String(v)])
    .filter(([, v]) => v.length > 0)
    .sort((a, b) => b[1].length - a[1].length);
  const forms = [];
  for (const [k, v] of pairs) {
    if (v.length < 4) continue;
    const variants = new Set([v, encodeURIComponent(v), encodeURIComponent(v).replace(/%20/g, '+'), JSON.stringify(v).slice(1, -1)]);
    for (const form of variants) forms.push([form, `{{ ${k} }}`]);
  }
  return (s) => {
    if (typeof s !== 'string' || !pairs.length) return s;
    for (const [k, v] of pairs) if (s === v) return `{{ ${k} }}`;
    let out = s;
    for (const [form, token] of forms) if (out.includes(form)) out = out.split(form).join(token);
    return out;
  };
}
