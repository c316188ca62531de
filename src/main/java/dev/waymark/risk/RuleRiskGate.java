package dev.waymark.risk;

import static dev.waymark.risk.RiskFindings.abbreviate;
import static dev.waymark.risk.RiskFindings.describe;

import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Tokens;
import java.net.URI;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The deterministic risk gate: classifies a resolved step from its type, the element it acts on (role, name,
 * type attribute, section, the frames it sits in), the page around it (a password field, a sign-in page, the open
 * dialog, the title and address a bare "Continue" takes its meaning from, a sum of money), the {{ tokens }} it
 * types and where it navigates, using the word lists of {@code /risk/vocabulary.txt} in several languages. It errs towards asking: a missed risk costs more than a needless question. Every category
 * comes with a reason a person can check.
 */
public final class RuleRiskGate implements RiskGate {
  private final Vocabulary v;
  private final Vocabulary.Group payment, subscribe, price, delete, submit, safe, security, settings, secretField,
      loginField, cardField, secretToken, loginToken, upload, confirm, newSecret, loginPage, refine, cookieBanner,
      dismiss, paymentFrame;

  public RuleRiskGate() {
    v = Vocabulary.load();
    payment = v.group("payment");
    subscribe = v.group("subscribe");
    price = v.group("price");
    delete = v.group("delete");
    submit = v.group("submit");
    safe = v.group("safe");
    security = v.group("security");
    settings = v.group("settings");
    secretField = v.group("secret-field");
    loginField = v.group("login-field");
    cardField = v.group("card-field");
    secretToken = v.group("secret-token");
    loginToken = v.group("login-token");
    upload = v.group("upload");
    confirm = v.group("confirm");
    newSecret = v.group("new-secret");
    loginPage = v.group("login-page");
    refine = v.group("refine");
    cookieBanner = v.group("cookie-banner");
    dismiss = v.group("dismiss");
    paymentFrame = v.group("payment-frame");
  }

  /** A sum of money: a currency sign or code next to a number ("$4.99", "250 GBP", "¥1,200", "49 €"). */
  private static final Pattern AMOUNT = Pattern.compile("[$€£¥₹₩]\\s?\\d|\\d\\s?(?:[$€£¥₹₩円元]|(?:eur|usd|gbp|chf|jpy|cad|aud|inr|sek|nok|dkk|pln|brl|mxn)(?![\\p{L}]))"
      + "|(?<![\\p{L}])(?:eur|usd|gbp|chf|jpy|cad|aud)\\s?\\d", Pattern.CASE_INSENSITIVE);

  private static final Set<String> MUTATING_ROLES = Set.of("button", "checkbox", "switch", "radio", "menuitem",
      "menuitemcheckbox", "menuitemradio", "option", "combobox", "listbox", "slider", "spinbutton");
  private static final Set<String> BUTTON_INPUTS = Set.of("submit", "button", "reset", "image");
  private static final Set<String> TEXT_TAGS = Set.of("input", "textarea");

  @Override
  public RiskAssessment assess(Step step, ObservedNode node, PageObservation page, Set<String> taskOrigins) {
    RiskFindings f = new RiskFindings();
    String type = step.type() == null ? "" : step.type();
    switch (type) {
      case StepTypes.NAVIGATE -> NavigationRisks.check(step.url(), page, taskOrigins, f, "navigates to");
      case StepTypes.CAPTURE_URL -> {
        f.add(RiskCategory.DOWNLOAD_CAPTURE, "captureUrl fetches " + step.url() + " as a file");
        NavigationRisks.check(step.url(), page, taskOrigins, f, "fetches");
      }
      case StepTypes.CAPTURE_DOWNLOAD -> f.add(RiskCategory.DOWNLOAD_CAPTURE, "captureDownload saves a download as a file");
      case StepTypes.CAPTURE_PAGE_FILE -> f.add(RiskCategory.DOWNLOAD_CAPTURE, "capturePageFile saves the page as a file");
      case StepTypes.EVAL -> f.add(RiskCategory.EVAL, "eval calls the page function " + step.fn());
      case StepTypes.UPLOAD -> f.add(RiskCategory.UPLOAD, "upload puts " + step.value() + " into " + describe(node));
      case StepTypes.CLICK -> click(step, node, page, taskOrigins, f);
      case StepTypes.FILL -> fill(step, node, page, f);
      case StepTypes.SELECT -> select(step, node, page, f);
      case StepTypes.PRESS -> press(step, node, page, f);
      default -> { }
    }
    if (StepTypes.VALUE_TYPED.contains(type) || StepTypes.FILL.equals(type)) tokens(step, page, f);
    if (step.allowDownload()) f.add(RiskCategory.DOWNLOAD_CAPTURE, "the step lets a download through");
    if (step.acceptDialog()) f.add(RiskCategory.SUBMIT, "the step answers a page dialog OK");
    return f.assessment();
  }

  // ---- clicks -------------------------------------------------------------------------------------------

  private void click(Step step, ObservedNode node, PageObservation page, Set<String> taskOrigins, RiskFindings f) {
    String text = label(step, node);
    String what = describe(node, step);
    if (node != null && node.href() != null) NavigationRisks.check(node.href(), page, taskOrigins, f, what + " leads to");
    String nodeType = node == null ? null : lower(node.type());
    if ("file".equals(nodeType)) f.add(RiskCategory.UPLOAD, what + " is a file field");
    boolean cookies = inCookieBanner(node, page);
    words(text, what, page, node, cookies, f);
    boolean named = f.risky();
    if (isSubmitInput(node) && !safe.in(text) && !inSearch(node) && !f.has(RiskCategory.SUBMIT) && !cookies) {
      f.add(RiskCategory.SUBMIT, what + " is a submit button");
    }
    // A control that says only "go ahead" (or a form's submit that names nothing) means what it stands in; a
    // checkbox's "I agree" confirms nothing yet, and a search button only reads.
    boolean searching = safe.in(text) || inSearch(node);
    boolean generic = !isChoice(node) && (text.isBlank() || confirm.in(text) || isSubmitInput(node) && !named && !searching);
    if (generic) fromSurroundings(node, page, what, cookies, f);
    if ((generic || isSubmitInput(node)) && !isChoice(node)) {
      String sum = amount(text);
      if (sum != null) f.add(RiskCategory.PAYMENT, what + " names a sum (\"" + sum + "\")");
    }
    inPaymentFrame(node, what, f);
    // Cancel, Close, No: they leave a setting as it was. A cookie banner's settings are the site's, not the account's.
    boolean dismissing = dismiss.isWhole(text) || node != null && dismiss.isWhole(node.name());
    if (mutating(node, step) && !dismissing && !cookies) settingsArea(node, page, what, f);
  }

  /**
   * The categories the control's own words put it in. A checkbox or radio button only states a choice that its
   * form sends later (the form's button is where it is asked), so its words count only for an upload; a
   * switch acts at once and counts. A delete word on a filter chip or facet only widens the results, except in
   * settings (a saved filter is data). A cookie banner's buttons answer the banner: no submission of the person's.
   */
  private void words(String text, String what, PageObservation page, ObservedNode node, boolean cookies, RiskFindings f) {
    String hit;
    if (isChoice(node)) {
      if ((hit = upload.find(text)) != null) f.add(RiskCategory.UPLOAD, what + " says \"" + hit + "\"");
      return;
    }
    if ((hit = payment.find(text)) != null) f.add(RiskCategory.PAYMENT, what + " says \"" + hit + "\"");
    if ((hit = subscribe.find(text)) != null) {
      String p = price.find(text + " | " + ctx(node) + " | " + pageText(page));
      if (p != null) f.add(RiskCategory.PAYMENT, what + " says \"" + hit + "\" next to a price or plan (\"" + p + "\")");
      else f.add(RiskCategory.SUBMIT, what + " says \"" + hit + "\"");
    }
    if ((hit = delete.find(text)) != null && !refinesResults(text, node, page)) {
      f.add(RiskCategory.DELETE, what + " says \"" + hit + "\"");
    }
    if ((hit = security.find(text)) != null) f.add(RiskCategory.ACCOUNT_SECURITY, what + " says \"" + hit + "\"");
    if ((hit = upload.find(text)) != null) f.add(RiskCategory.UPLOAD, what + " says \"" + hit + "\"");
    if ((hit = submit.find(text)) != null && safe.find(text) == null && !cookies) {
      f.add(RiskCategory.SUBMIT, what + " says \"" + hit + "\"");
    }
  }

  /** A delete word on a filter, facet or search term outside settings: removing it only widens what is shown. */
  private boolean refinesResults(String text, ObservedNode node, PageObservation page) {
    if (!refine.in(text) && !refine.in(node == null ? "" : nz(node.section()))) return false;
    String title = page == null ? "" : nz(page.title());
    return !settings.in(title) && !security.in(title);
  }

  private boolean inCookieBanner(ObservedNode node, PageObservation page) {
    return cookieBanner.in(around(node, page));
  }

  /** A field or button drawn in a payment provider's frame (Stripe, Adyen, Braintree, a card iframe) is payment. */
  private void inPaymentFrame(ObservedNode node, String what, RiskFindings f) {
    if (node == null) return;
    for (String frame : node.enter()) {
      String hit = paymentFrame.find(selectorWords(frame));
      if (hit != null) {
        f.add(RiskCategory.PAYMENT, what + " is inside the payment frame " + abbreviate(frame) + " (\"" + hit + "\")");
        return;
      }
    }
  }

  /** A selector as words: "iframe[name=__privateStripeFrame81]" reads "iframe name private stripe frame 81". */
  static String selectorWords(String selector) {
    return nz(selector).replaceAll("(\\p{Ll})(\\p{Lu})", "$1 $2").replaceAll("(\\p{L})(\\p{N})", "$1 $2")
        .replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
  }

  /** The first sum of money in the text, or null. */
  private static String amount(String text) {
    Matcher m = AMOUNT.matcher(nz(text));
    return m.find() ? m.group().strip() : null;
  }

  /**
   * A control named "OK" or "Confirm" means what the dialog or section around it is about, and, unless it is a
   * link, what the page is about (its title and address: the last step of a checkout, an OAuth consent page).
   */
  private void fromSurroundings(ObservedNode node, PageObservation page, String what, boolean cookies, RiskFindings f) {
    String around = around(node, page);
    boolean link = node != null && ("link".equalsIgnoreCase(node.role()) || node.href() != null);
    if (!link && page != null) around = around + " | " + nz(page.title()) + " | " + pathWords(page.url());
    if (around.replace("|", "").isBlank()) return;
    String hit;
    String sum = amount(around + " | " + (node == null ? "" : nz(node.context())));
    if (sum != null && !cookies) f.add(RiskCategory.PAYMENT, what + " confirms something with a price (\"" + sum + "\")");
    if ((hit = payment.find(around)) != null) f.add(RiskCategory.PAYMENT, what + " confirms \"" + hit + "\" (" + abbreviate(around) + ")");
    if ((hit = delete.find(around)) != null) f.add(RiskCategory.DELETE, what + " confirms \"" + hit + "\" (" + abbreviate(around) + ")");
    if ((hit = security.find(around)) != null) f.add(RiskCategory.ACCOUNT_SECURITY, what + " confirms \"" + hit + "\" (" + abbreviate(around) + ")");
    if ((hit = submit.find(around)) != null && safe.find(around) == null && !cookies) {
      f.add(RiskCategory.SUBMIT, what + " confirms \"" + hit + "\" (" + abbreviate(around) + ")");
    }
  }

  /** The path of an address as words ("/checkout/review" → "checkout review"), without host or query. */
  private static String pathWords(String url) {
    if (url == null) return "";
    try {
      String path = URI.create(url.strip()).getPath();
      return path == null ? "" : path.replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    } catch (IllegalArgumentException e) {
      return "";
    }
  }

  /** Changing a control in a security or account settings area is an account change. */
  private void settingsArea(ObservedNode node, PageObservation page, String what, RiskFindings f) {
    String area = around(node, page) + " | " + (page == null ? "" : nz(page.title()));
    String hit = security.find(area);
    if (hit == null) hit = settings.find(area);
    if (hit != null) f.add(RiskCategory.ACCOUNT_SECURITY, what + " changes something in \"" + abbreviate(area) + "\"");
  }

  // ---- typing -------------------------------------------------------------------------------------------

  private void fill(Step step, ObservedNode node, PageObservation page, RiskFindings f) {
    String what = describe(node, step);
    String field = node == null ? label(step, null) : nz(node.name()) + " | " + nz(node.placeholder());
    String nodeType = node == null ? "" : lower(node.type());
    String hit;
    if ("password".equals(nodeType)) f.add(RiskCategory.CREDENTIAL_FILL, what + " is a password field");
    else if ((hit = secretField.find(field)) != null) f.add(RiskCategory.CREDENTIAL_FILL, what + " asks for \"" + hit + "\"");
    if (passwordOnPage(page) || isLoginPage(page, node)) {
      if ("email".equals(nodeType) || "tel".equals(nodeType)) {
        f.add(RiskCategory.CREDENTIAL_FILL, what + " names the account on a sign-in form");
      } else if ((hit = loginField.find(field)) != null) {
        f.add(RiskCategory.CREDENTIAL_FILL, what + " asks for \"" + hit + "\" on a sign-in form");
      }
    }
    if ((hit = cardField.find(field)) != null) f.add(RiskCategory.PAYMENT, what + " asks for \"" + hit + "\"");
    else if ((hit = payment.find(around(node, page))) != null) {
      f.add(RiskCategory.PAYMENT, what + " is in the \"" + hit + "\" part of the page");
    }
    inPaymentFrame(node, what, f);
    if ((hit = newSecret.find(field)) != null) f.add(RiskCategory.ACCOUNT_SECURITY, what + " sets \"" + hit + "\"");
    settingsArea(node, page, what, f);
  }

  private void select(Step step, ObservedNode node, PageObservation page, RiskFindings f) {
    String what = describe(node, step);
    String chosen = nz(step.value());
    String hit;
    if ((hit = delete.find(chosen)) != null) f.add(RiskCategory.DELETE, "chooses \"" + step.value() + "\" (\"" + hit + "\") in " + what);
    if ((hit = payment.find(chosen)) != null) f.add(RiskCategory.PAYMENT, "chooses \"" + step.value() + "\" (\"" + hit + "\") in " + what);
    if ((hit = security.find(nz(node == null ? null : node.name()))) != null) {
      f.add(RiskCategory.ACCOUNT_SECURITY, what + " sets \"" + hit + "\"");
    }
    if ((hit = cardField.find(nz(node == null ? null : node.name()))) != null) f.add(RiskCategory.PAYMENT, what + " asks for \"" + hit + "\"");
    inPaymentFrame(node, what, f);
    settingsArea(node, page, what, f);
  }

  private void press(Step step, ObservedNode node, PageObservation page, RiskFindings f) {
    String key = lower(step.value());
    String last = key.contains("+") ? key.substring(key.lastIndexOf('+') + 1) : key;
    String what = node == null ? "the page" : describe(node, step);
    if (last.equals("enter") || last.equals("return") || last.equals("numpadenter")) {
      if (node != null && isSearchField(node)) return;
      f.add(RiskCategory.SUBMIT, "pressing " + step.value() + " in " + what + " submits what it holds");
      if (node != null) settingsArea(node, page, what, f);
    } else if (last.equals("delete") || last.equals("backspace")) {
      if (node == null || !isTextField(node)) f.add(RiskCategory.DELETE, "pressing " + step.value() + " on " + what + " may delete the selection");
    }
  }

  /** A token named like a secret is a credential wherever it is typed. */
  private void tokens(Step step, PageObservation page, RiskFindings f) {
    for (String name : Tokens.names(step.value())) {
      String hit;
      if ((hit = secretToken.find(name)) != null) {
        f.add(RiskCategory.CREDENTIAL_FILL, "types {{ " + name + " }}, named like a secret (\"" + hit + "\")");
      } else if ((hit = loginToken.find(name)) != null && (passwordOnPage(page) || isLoginPage(page, null))) {
        f.add(RiskCategory.CREDENTIAL_FILL, "types {{ " + name + " }} on a sign-in page");
      }
    }
  }

  // ---- facts about the element and the page -------------------------------------------------------------

  private static String label(Step step, ObservedNode node) {
    if (node == null) {
      // A person's step with a raw selector: its label and selector are all there is.
      return nz(step.label()) + " | " + (step.selector() == null ? "" : step.selector().describe());
    }
    StringBuilder sb = new StringBuilder(nz(node.name()));
    if (node.value() != null && BUTTON_INPUTS.contains(lower(node.type()))) sb.append(" | ").append(node.value());
    return sb.toString();
  }

  /** A checkbox or radio button (not a switch): it states a choice; the form's button sends it. */
  private static boolean isChoice(ObservedNode node) {
    if (node == null) return false;
    String role = lower(node.role());
    String t = lower(node.type());
    if (role.equals("switch")) return false;
    return role.equals("checkbox") || role.equals("radio") || t.equals("checkbox") || t.equals("radio");
  }

  private static boolean isSubmitInput(ObservedNode node) {
    return node != null && ("submit".equals(lower(node.type())) || "image".equals(lower(node.type())));
  }

  private boolean inSearch(ObservedNode node) {
    return node != null && ("search".equalsIgnoreCase(node.role()) || safe.in(nz(node.section())));
  }

  private boolean isSearchField(ObservedNode node) {
    return "searchbox".equalsIgnoreCase(node.role()) || "search".equals(lower(node.type()))
        || safe.in(nz(node.name()) + " | " + nz(node.placeholder())) || inSearch(node);
  }

  private static boolean isTextField(ObservedNode node) {
    String role = lower(node.role());
    return role.equals("textbox") || role.equals("searchbox") || role.equals("combobox") || TEXT_TAGS.contains(lower(node.tag()));
  }

  private static boolean mutating(ObservedNode node, Step step) {
    if (node == null) return false;
    String role = lower(node.role());
    String t = lower(node.type());
    return MUTATING_ROLES.contains(role) || BUTTON_INPUTS.contains(t) || t.equals("checkbox") || t.equals("radio");
  }

  private static boolean passwordOnPage(PageObservation page) {
    if (page == null) return false;
    for (ObservedNode n : page.nodes()) {
      if ("password".equals(lower(n.type()))) return true;
    }
    return false;
  }

  private boolean isLoginPage(PageObservation page, ObservedNode node) {
    if (page == null) return false;
    String where = nz(page.title()) + " | " + nz(page.modal()) + " | " + (node == null ? "" : nz(node.section()));
    StringBuilder h = new StringBuilder();
    page.headings().stream().limit(3).forEach(x -> h.append(" | ").append(x.text()));
    return loginPage.in(where + h);
  }

  /** The dialog standing over the page and the section the element sits in: what a generic button acts on. */
  private static String around(ObservedNode node, PageObservation page) {
    StringBuilder sb = new StringBuilder();
    if (page != null && page.modal() != null && (node == null || !node.obscured())) sb.append(page.modal()).append(" | ");
    if (node != null) sb.append(nz(node.section()));
    return sb.toString();
  }

  private static String ctx(ObservedNode node) {
    return node == null ? "" : nz(node.context()) + " | " + nz(node.section());
  }

  private static String pageText(PageObservation page) {
    return page == null ? "" : nz(page.title());
  }

  private static String nz(String s) {
    return s == null ? "" : s;
  }

  private static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }
}
