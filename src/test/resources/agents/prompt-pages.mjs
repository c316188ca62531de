// Where the test agents find a control in a studio prompt (docs/decision-program.md): the page data in the turn's
// tail is the whole page, or what changed since a base page above it (a model's prompt keeps the page it read
// earlier in its cached part and says only the changes below). A control the changes name is looked for there
// first; one they do not name is as the base page the tail names shows it; then anywhere in the prompt.

// The page data in the turn's tail.
export function latestPage(user) {
  const at = user.lastIndexOf('<<<PAGE DATA');
  return at < 0 ? '' : user.substring(at);
}

// The base page the tail's changes are said against ("The page now is the page at turn 3 above"): its block.
export function basePage(user) {
  const m = /The page now is the page at turn (\d+) above/.exec(user.substring(user.lastIndexOf('# The page now')));
  if (!m) return '';
  const at = user.lastIndexOf('# The page at turn ' + m[1] + '\n');
  return at < 0 ? '' : user.substring(at, user.indexOf('<<<END PAGE DATA', at));
}

// The ref of the control whose name starts with `name`: "e3 textbox "Email"", "e4 button "Sign in"", or a
// continued line ", e5 "Password"".
export function refFor(user, name) {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp('\\b(e\\d+)(?: [\\w:-]+)? "' + esc);
  const m = re.exec(latestPage(user)) || re.exec(basePage(user)) || re.exec(user);
  return m ? m[1] : null;
}
