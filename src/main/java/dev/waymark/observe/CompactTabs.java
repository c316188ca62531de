package dev.waymark.observe;

import java.net.URI;
import java.util.List;

/**
 * The tab lines of the compact form: said only when the task has more than its one current tab or the person has
 * tabs on the task's sites to adopt, so the single-tab page (nearly every turn) costs no token for it.
 *
 * <pre>
 * tabs: 12 "Shop" current · 15 "Receipt" /receipt opened by task
 * open tabs (adoptTab): 20 "Cart" /cart
 * other tabs: 3 (not shown)
 * </pre>
 */
final class CompactTabs {
  private static final int TITLE_MAX = 60;
  private static final int URL_MAX = 80;

  private CompactTabs() {}

  static void append(StringBuilder b, PageObservation o) {
    if (!o.showsTabs()) return;
    String host = hostPort(o.url());
    if (!o.taskTabs().isEmpty()) line(b, "tabs: ", o.taskTabs(), host);
    if (!o.openTabs().isEmpty()) line(b, "open tabs (adoptTab): ", o.openTabs(), host);
    if (o.otherOpenTabs() > 0) b.append("other tabs: ").append(o.otherOpenTabs()).append(" (not shown)\n");
  }

  private static void line(StringBuilder b, String head, List<ObservedTab> tabs, String host) {
    b.append(head);
    boolean first = true;
    for (ObservedTab t : tabs) {
      if (!first) b.append(" · ");
      first = false;
      b.append(t.id()).append(' ').append(q(cut(t.title(), TITLE_MAX)));
      // the current tab's address is the header line's
      if (!t.current() && t.url() != null && !t.url().isEmpty()) b.append(' ').append(cut(shortUrl(t.url(), host), URL_MAX));
      if (t.current()) b.append(" current");
      if (t.openedByTask()) b.append(" opened by task");
      if (t.adopted()) b.append(" adopted");
    }
    b.append('\n');
  }

  /** An address on the page's own host and port from its path on; any other whole. */
  private static String shortUrl(String url, String host) {
    if (host == null) return url;
    try {
      URI u = URI.create(url);
      if (!host.equals(hostPort(url))) return url;
      String path = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
      return path + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
    } catch (IllegalArgumentException e) {
      return url;
    }
  }

  private static String hostPort(String url) {
    if (url == null) return null;
    try {
      URI u = URI.create(url);
      return u.getHost() == null ? null : u.getScheme() + "://" + u.getHost() + ":" + u.getPort();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String cut(String s, int max) {
    if (s == null) return "";
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= max ? one : one.substring(0, max - 1) + "…";
  }

  private static String q(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
