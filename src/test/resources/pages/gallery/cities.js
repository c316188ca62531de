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
// An option of a hand-written autocomplete (the search pages): clicked, it fills the field, closes the list and records
// the city as the libraries do ("lisbon-airport|Lisbon Airport").
window.cityOption = function (c, field, list) {
  const li = document.createElement('li');
  li.setAttribute('role', 'option');
  li.textContent = c;
  li.addEventListener('click', () => {
    field.value = c;
    list.hidden = true;
    field.setAttribute('aria-expanded', 'false');
    recordValue(c.toLowerCase().replace(/ /g, '-') + '|' + c);
  });
  return li;
};
