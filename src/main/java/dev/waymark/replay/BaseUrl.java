package dev.waymark.replay;

import dev.waymark.workflow.Condition;
import dev.waymark.workflow.ContinueCondition;
import dev.waymark.workflow.ResumePoint;
import dev.waymark.workflow.Rewind;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.WaitConfig;
import dev.waymark.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Retargets a workflow at another deployment of the same app ({@code run --base-url}): every address on the
 * origin (and path prefix) it was authored against — navigations, captureUrl addresses, rewind urls, and
 * {@code url_includes} conditions that hold that origin or prefix — is moved onto the new base. Nothing else
 * changes, so one workflow runs against staging and production. Pure: it only rewrites records.
 */
public final class BaseUrl {
  private static final Pattern ABSOLUTE = Pattern.compile("^(https?)://([^/?#]*)(.*)$", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  /**
   * Where a deployment lives: {@code origin} is scheme and authority, lower case, without a default port
   * ({@code http://127.0.0.1:8080}); {@code path} is the prefix every address of the app starts with, without a
   * trailing slash ({@code /app}), empty for the root.
   */
  public record Base(String origin, String path) {
    String authority() {
      return origin.substring(origin.indexOf("://") + 3);
    }

    @Override
    public String toString() {
      return origin + path;
    }
  }

  /** What retargeting did: the workflow to run and one line per address it moved ({@code step: old -> new}). */
  public record Retargeted(Workflow workflow, List<String> changes) {}

  private BaseUrl() {}

  /**
   * Reads a base address as a person typed it.
   *
   * @throws IllegalArgumentException with the reason and an example, for a message to the person
   */
  public static Base parse(String text) {
    String s = text == null ? "" : text.strip();
    Matcher m = ABSOLUTE.matcher(s);
    if (s.isEmpty() || !m.matches()) {
      throw new IllegalArgumentException("\"" + s + "\" is not an http or https address; give one such as "
          + "https://staging.example.com or http://127.0.0.1:8080/app");
    }
    String authority = m.group(2);
    String rest = m.group(3);
    if (authority.isEmpty() || authority.startsWith(":")) throw new IllegalArgumentException("\"" + s + "\" names no host");
    if (authority.contains("@")) {
      throw new IllegalArgumentException("\"" + s + "\" carries a user name or password; a base address cannot (use a "
          + "userStep to sign in)");
    }
    if (!authority.matches("[A-Za-z0-9.\\-]+(:\\d{1,5})?|\\[[0-9A-Fa-f:.]+\\](:\\d{1,5})?")) {
      throw new IllegalArgumentException("\"" + s + "\" has a host or port that is not valid: " + authority);
    }
    if (rest.contains("?") || rest.contains("#")) {
      throw new IllegalArgumentException("\"" + s + "\" has a query or fragment; a base address is an origin and "
          + "optionally a path prefix, such as https://staging.example.com/app");
    }
    if (rest.contains("{{") || rest.contains(" ")) throw new IllegalArgumentException("\"" + s + "\" is not a plain address");
    return new Base(normalOrigin(m.group(1), authority), trimSlash(rest));
  }

  /**
   * The base a workflow was authored against: the origin of the first http(s) address it opens (a navigation,
   * else a rewind's, else a captureUrl's), with no path prefix; null when it opens none.
   */
  public static Base authoredBase(Workflow workflow) {
    for (int pass = 0; pass < 3; pass++) {
      for (Step s : workflow.steps()) {
        String url = switch (pass) {
          case 0 -> StepTypes.NAVIGATE.equals(s.type()) ? s.url() : null;
          case 1 -> s.resume() != null && s.resume().rewind() != null ? s.resume().rewind().url() : null;
          default -> StepTypes.CAPTURE_URL.equals(s.type()) ? s.url() : null;
        };
        Matcher m = url == null ? null : ABSOLUTE.matcher(url.strip());
        if (m != null && m.matches() && !m.group(2).isEmpty()) return new Base(normalOrigin(m.group(1), m.group(2)), "");
      }
    }
    return null;
  }

  /** The workflow with every address on {@code from} moved onto {@code to}. */
  public static Retargeted apply(Workflow workflow, Base from, Base to) {
    List<String> changes = new ArrayList<>();
    List<Step> out = new ArrayList<>();
    List<Step> steps = workflow.steps();
    for (int i = 0; i < steps.size(); i++) {
      Step s = steps.get(i);
      String id = Heals.idOf(s, i);
      UnaryOperator<String> url = v -> logged(changes, id, v, url(v, from, to));
      UnaryOperator<String> inc = v -> logged(changes, id, v, includes(v, from, to));
      Step.Builder b = s.toBuilder();
      if (StepTypes.NAVIGATE.equals(s.type()) || StepTypes.CAPTURE_URL.equals(s.type())) b.url(url.apply(s.url()));
      if (s.condition() != null) b.condition(condition(s.condition(), inc));
      if (s.waitFor() != null) b.waitFor(waitConfig(s.waitFor(), inc));
      ContinueCondition c = s.continueOn();
      if (c != null) b.continueOn(new ContinueCondition(c.manual(), c.selector(), c.text(), inc.apply(c.urlIncludes()), c.timeoutMs()));
      ResumePoint rp = s.resume();
      if (rp != null) {
        Rewind rw = rp.rewind();
        Rewind rw2 = rw == null ? null : new Rewind(rw.to(), url.apply(rw.url()), rw.selector(),
            rw.waitFor() == null ? null : waitConfig(rw.waitFor(), inc));
        b.resume(new ResumePoint(rp.id(), rp.when() == null ? null : condition(rp.when(), inc), rw2));
      }
      out.add(b.build());
    }
    return new Retargeted(new Workflow(workflow.id(), workflow.name(), workflow.description(), workflow.variables(), out),
        List.copyOf(changes));
  }

  /** An absolute address on {@code from}, moved onto {@code to}; any other text as it was. */
  static String url(String value, Base from, Base to) {
    if (value == null) return null;
    Matcher m = ABSOLUTE.matcher(value);
    if (!m.matches() || !normalOrigin(m.group(1), m.group(2)).equals(from.origin())) return value;
    String rest = underPrefix(m.group(3), from.path());
    return rest == null ? value : to.origin() + to.path() + rest;
  }

  /**
   * A {@code url_includes} that holds the authored origin ({@code http://host:port/...}), its authority
   * ({@code host:port/...}) or, when the app sits under a prefix, a path under that prefix; any other text as it was.
   */
  static String includes(String value, Base from, Base to) {
    if (value == null) return null;
    if (ABSOLUTE.matcher(value).matches()) return url(value, from, to);
    String authority = from.authority();
    if (value.regionMatches(true, 0, authority, 0, authority.length())) {
      String after = value.substring(authority.length());
      if (after.isEmpty() || "/?#".indexOf(after.charAt(0)) >= 0) {
        String rest = underPrefix(after, from.path());
        if (rest != null) return to.authority() + to.path() + rest;
      }
      return value;
    }
    if (!from.path().isEmpty() && value.startsWith("/")) {
      String rest = underPrefix(value, from.path());
      if (rest != null) return to.path() + (to.path().isEmpty() && rest.isEmpty() ? "/" : rest);
    }
    return value;
  }

  /** What follows {@code prefix} in {@code path} when the path lies under it (on a segment boundary), else null. */
  private static String underPrefix(String path, String prefix) {
    if (prefix.isEmpty()) return path;
    if (!path.startsWith(prefix)) return null;
    String rest = path.substring(prefix.length());
    return rest.isEmpty() || "/?#".indexOf(rest.charAt(0)) >= 0 ? rest : null;
  }

  private static Condition condition(Condition c, UnaryOperator<String> inc) {
    return new Condition(c.selector(), c.text(), inc.apply(c.urlIncludes()), c.match(), c.negate());
  }

  private static WaitConfig waitConfig(WaitConfig w, UnaryOperator<String> inc) {
    return new WaitConfig(w.selector(), w.text(), inc.apply(w.urlIncludes()), w.absent(), w.delayMs(), w.timeoutMs());
  }

  private static String logged(List<String> changes, String step, String before, String after) {
    if (before != null && !before.equals(after)) changes.add(step + ": " + before + " -> " + after);
    return after;
  }

  private static String normalOrigin(String scheme, String authority) {
    String sch = scheme.toLowerCase(Locale.ROOT);
    String auth = authority.toLowerCase(Locale.ROOT);
    if (sch.equals("http") && auth.endsWith(":80")) auth = auth.substring(0, auth.length() - 3);
    if (sch.equals("https") && auth.endsWith(":443")) auth = auth.substring(0, auth.length() - 4);
    return sch + "://" + auth;
  }

  private static String trimSlash(String path) {
    String p = path;
    while (p.endsWith("/")) p = p.substring(0, p.length() - 1);
    return p;
  }
}
