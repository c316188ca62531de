package dev.waymark.risk;

import dev.waymark.observe.PageObservation;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The risks of going somewhere: a navigate or captureUrl step's address, a link's href. Apart from
 * {@link RuleRiskGate}'s word lists because it judges an address by its origin against the task's sites, not
 * by what a control says, and needs nothing of the vocabulary.
 */
final class NavigationRisks {
  private NavigationRisks() {}

  /**
   * Where a step goes, judged against the task's sites (or, when none are set, the page it starts on): a
   * javascript: address runs code, an unreadable address or another origin leaves what the person agreed to.
   */
  static void check(String url, PageObservation page, Set<String> taskOrigins, RiskFindings f, String verb) {
    if (url == null || url.isBlank()) return;
    String u = url.strip();
    String l = u.toLowerCase(Locale.ROOT);
    if (l.equals("back") || l.equals("forward") || l.equals("reload")) return;
    if (l.startsWith("javascript:")) {
      f.add(RiskCategory.EVAL, verb + " a javascript: address, which runs code in the page");
      return;
    }
    String target;
    try {
      URI base = page == null || page.url() == null ? null : URI.create(page.url());
      URI resolved = base != null ? base.resolve(u) : URI.create(u);
      target = origin(resolved);
    } catch (IllegalArgumentException e) {
      f.add(RiskCategory.OFF_ORIGIN_NAVIGATION, verb + " an address that cannot be read (" + u + ")");
      return;
    }
    Set<String> allowed = new LinkedHashSet<>();
    for (String o : taskOrigins == null ? Set.<String>of() : taskOrigins) {
      String n = normalizeOrigin(o);
      if (n != null) allowed.add(n);
    }
    if (allowed.isEmpty() && page != null && page.url() != null) {
      String p = normalizeOrigin(page.url());
      if (p != null) allowed.add(p);
    }
    if (target == null || !allowed.contains(target)) {
      f.add(RiskCategory.OFF_ORIGIN_NAVIGATION, verb + " " + (target == null ? u : target) + ", outside the task's sites "
          + (allowed.isEmpty() ? "(none set)" : allowed));
    }
  }

  /** scheme://host[:port] with the default port left out, or null for addresses without a host. */
  static String normalizeOrigin(String s) {
    if (s == null || s.isBlank()) return null;
    try {
      return origin(URI.create(s.strip()));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String origin(URI u) {
    if (u.getScheme() == null || u.getHost() == null) return null;
    String scheme = u.getScheme().toLowerCase(Locale.ROOT);
    int port = u.getPort();
    if (port == 80 && scheme.equals("http") || port == 443 && scheme.equals("https")) port = -1;
    return scheme + "://" + u.getHost().toLowerCase(Locale.ROOT) + (port > 0 ? ":" + port : "");
  }
}
