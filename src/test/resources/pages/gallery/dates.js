// The gallery's date pages record the library's own value: its parsed date as yyyy-mm-dd, from its API.
window.__dates = [];
window.recordDate = function (d) {
  const iso = d ? d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0') : '';
  window.__date = iso;
  window.__dates.push(iso);
  const out = document.getElementById('chosen');
  if (out) out.textContent = 'Departure: ' + iso;
};
