// The cities every combobox of the gallery offers, and the log a page keeps of its widget's own value
// (read from the library's API or change event, never from our report).
window.CITIES = ['Amsterdam', 'Berlin', 'Lisbon', 'Lisbon Airport', 'London', 'Madrid', 'Paris', 'Porto', 'Rome', 'Vienna'];
window.__values = [];
window.recordValue = function (v) {
  window.__value = v;
  window.__values.push(v);
  const out = document.getElementById('chosen');
  if (out) out.textContent = 'Chosen: ' + v;
};
