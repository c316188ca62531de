package dev.waymark.workflow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a userStep means, said once for every place that checks or shows one (the apply turn, the YAML reader,
 * the studio, the terminal, the extension's side panel): the sign-in methods a step may name, the sentence the
 * person reads, and what else ends the wait. Waymark never handles the factor itself; it only names it.
 */
public final class UserSteps {
  /** The values of a userStep's {@code method}, in the order they are listed to a reader. */
  public static final List<String> METHODS = List.of("password", "code", "passkey", "qr_code", "security_key",
      "device_approval", "captcha", "payment");

  // What the person does for each method, worded to follow "… in the browser, then press Continue".
  private static final Map<String, String> DOING = Map.of(
      "password", "Sign in with your password",
      "code", "Enter the code you were sent",
      "passkey", "Sign in with your passkey",
      "qr_code", "Scan the QR code with your phone",
      "security_key", "Sign in with your security key",
      "device_approval", "Approve the sign-in on your other device",
      "captcha", "Solve the CAPTCHA",
      "payment", "Complete the payment");

  private UserSteps() {}

  /** Whether {@code method} may stand on a userStep (absent is allowed). */
  public static boolean knownMethod(String method) {
    return method == null || METHODS.contains(method);
  }

  /** The problems of a userStep's own fields, in words the decider or the file's author reads; empty when fine. */
  public static List<String> problems(Step step) {
    List<String> out = new ArrayList<>();
    if (!knownMethod(step.method())) {
      out.add("userStep method \"" + step.method() + "\" is not known; use one of " + String.join(", ", METHODS)
          + " (or leave it out)");
    }
    ContinueCondition on = step.continueOn();
    if (on != null && on.manual() && hasCondition(on)) {
      out.add("continue_on.manual: true means only the person's Continue ends the step, so it cannot go with "
          + "selector, text or url_includes; drop manual to let a condition end it too");
    }
    return out;
  }

  /** Whether a page condition can end the wait (manual steps have none). */
  public static boolean hasCondition(ContinueCondition on) {
    return on != null && (present(on.selector()) || present(on.text()) || present(on.urlIncludes()));
  }

  /** The sentence the person reads: with a method, what to do and how to say it is done, then the prompt. */
  public static String instruction(Step step) {
    String doing = step.method() != null && DOING.containsKey(step.method()) ? DOING.get(step.method()) : null;
    // Without a method the step's own prompt says it all, as the decider wrote it.
    if (doing == null) return present(step.prompt()) ? step.prompt().strip() : "Do this in the browser, then press Continue.";
    return doing + " in the browser, then press Continue" + (present(step.prompt()) ? ": " + step.prompt().strip() : ".");
  }

  /** The method as a person reads it ("security key"), or null. */
  public static String methodName(String method) {
    return method == null ? null : method.replace('_', ' ');
  }

  /**
   * What ends the wait besides Continue: "It also continues by itself when … appears or …", any one of them, or
   * null when only the person's Continue ends it.
   */
  public static String continuesWhen(ContinueCondition on) {
    if (on == null || on.manual() || !hasCondition(on)) return null;
    List<String> any = new ArrayList<>();
    if (present(on.selector())) any.add("an element matching " + on.selector() + " appears");
    if (present(on.text())) any.add("the text \"" + on.text() + "\" shows");
    if (present(on.urlIncludes())) any.add("the address contains " + on.urlIncludes());
    return "It also continues by itself when " + String.join(" or ", any) + ".";
  }

  /** How long the wait may last: continue_on's own bound, else the step's, else 0 (as long as the person takes). */
  public static long limitMs(Step step) {
    ContinueCondition on = step.continueOn();
    return on != null && on.timeoutMs() > 0 ? on.timeoutMs() : Math.max(0, step.timeoutMs());
  }

  /** The conditions the browser polls: none for a manual step, since only the person ends it. */
  public static ContinueCondition conditions(ContinueCondition on) {
    if (on == null || on.manual()) return null;
    return hasCondition(on) ? new ContinueCondition(false, on.selector(), on.text(), on.urlIncludes(), on.timeoutMs()) : null;
  }

  private static boolean present(String s) {
    return s != null && !s.isBlank();
  }
}
