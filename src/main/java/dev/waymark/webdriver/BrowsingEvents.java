package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * What the browser told about its tabs over BiDi ({@code browsingContext.*} events): per top-level context how many
 * navigations started, committed (the new document's content loaded), loaded, failed or moved within the document;
 * the tabs that opened and closed, with a small number each (the extension's tab ids are numbers too); the
 * downloads that began. The service worker's navigation.js and task-tabs.js keep the same from chrome.* events.
 * One monitor: a waiter wakes on every event.
 */
final class BrowsingEvents {
  /** The counters of one context at a moment. */
  record Snapshot(int started, int committed, int loaded, int failed, int sameDoc) {
    static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0);
  }

  /** What happened since a snapshot. */
  record Since(boolean started, boolean committed, boolean loaded, boolean failed, boolean sameDoc) {}

  /** A tab another one opened (or that appeared), by its number. */
  record Opened(int id, String context, String opener, long at, String url) {}

  /** A download the page began; {@code navigation} ties it to its end. */
  record Download(String context, String navigation, String url, String filename, long at) {}

  /** How a download ended: {@code complete} with the file's path on the browser's machine, or {@code canceled}. */
  record DownloadEnd(String status, String filepath) {}

  private final Map<String, int[]> counters = new HashMap<>();
  private final Map<String, String> urls = new HashMap<>();
  private final Map<String, Integer> numbers = new LinkedHashMap<>();
  private final List<Opened> opened = new ArrayList<>();
  private final List<Download> downloads = new ArrayList<>();
  private final Map<String, DownloadEnd> ended = new HashMap<>();
  private final Map<String, Boolean> alive = new HashMap<>();
  private int nextNumber = 1;

  void attach(BidiConnection bidi) {
    bidi.on("browsingContext.navigationStarted", p -> count(p, 0));
    bidi.on("browsingContext.domContentLoaded", p -> count(p, 1));
    bidi.on("browsingContext.load", p -> count(p, 2));
    bidi.on("browsingContext.navigationFailed", p -> count(p, 3));
    bidi.on("browsingContext.navigationAborted", p -> count(p, 3));
    bidi.on("browsingContext.fragmentNavigated", p -> count(p, 4));
    bidi.on("browsingContext.historyUpdated", p -> count(p, 4));
    bidi.on("browsingContext.contextCreated", this::created);
    bidi.on("browsingContext.contextDestroyed", this::destroyed);
    bidi.on("browsingContext.downloadWillBegin", this::download);
    bidi.on("browsingContext.downloadEnd", this::downloadEnd);
  }

  /** Names the first tab (the session's own) before any event. */
  synchronized int adopt(String context, String url) {
    alive.put(context, true);
    if (url != null) urls.put(context, url);
    return numbers.computeIfAbsent(context, k -> nextNumber++);
  }

  synchronized Snapshot snapshot(String context) {
    int[] c = counters.get(context);
    return c == null ? Snapshot.ZERO : new Snapshot(c[0], c[1], c[2], c[3], c[4]);
  }

  synchronized Since since(String context, Snapshot s) {
    Snapshot n = snapshot(context);
    return new Since(n.started > s.started, n.committed > s.committed, n.loaded > s.loaded, n.failed > s.failed,
        n.sameDoc > s.sameDoc);
  }

  /** The last address an event gave for the context. */
  synchronized String url(String context) {
    return urls.get(context);
  }

  /** The tabs opened at or after {@code t0} by {@code opener} (or with no opener told). */
  synchronized List<Opened> openedSince(long t0, String opener) {
    return opened.stream().filter(o -> o.at >= t0 && (o.opener == null || o.opener.equals(opener))).toList();
  }

  synchronized List<Download> downloadsSince(long t0) {
    return downloads.stream().filter(d -> d.at >= t0).toList();
  }

  /** The context of a tab number, while it is open. */
  synchronized String contextOf(int number) {
    for (var e : numbers.entrySet()) if (e.getValue() == number && alive.getOrDefault(e.getKey(), false)) return e.getKey();
    return null;
  }

  synchronized Integer numberOf(String context) {
    return numbers.get(context);
  }

  synchronized boolean isOpen(String context) {
    return alive.getOrDefault(context, false);
  }

  /** Waits until {@code done} holds or {@code deadline} (epoch ms) passes; the result is {@code done}'s last answer. */
  synchronized boolean await(BooleanSupplier done, long deadline) throws InterruptedException {
    while (!done.getAsBoolean()) {
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) return false;
      wait(Math.min(left, 50));
    }
    return true;
  }

  private synchronized void count(JsonNode p, int which) {
    String context = p.path("context").asText(null);
    if (context == null) return;
    counters.computeIfAbsent(context, k -> new int[5])[which]++;
    String url = p.path("url").asText(null);
    if (url != null && !url.isEmpty() && which != 3) urls.put(context, url);
    notifyAll();
  }

  private synchronized void created(JsonNode p) {
    if (!p.path("parent").isNull() && p.has("parent")) return; // a frame, not a tab
    String context = p.path("context").asText();
    alive.put(context, true);
    if (numbers.containsKey(context)) return;
    int number = nextNumber++;
    numbers.put(context, number);
    String opener = p.path("originalOpener").isTextual() ? p.path("originalOpener").asText() : null;
    opened.add(new Opened(number, context, opener, System.currentTimeMillis(), p.path("url").asText("")));
    notifyAll();
  }

  private synchronized void destroyed(JsonNode p) {
    alive.put(p.path("context").asText(), false);
    notifyAll();
  }

  private synchronized void download(JsonNode p) {
    downloads.add(new Download(p.path("context").asText(null), p.path("navigation").asText(null), p.path("url").asText(null),
        p.path("suggestedFilename").asText(null), System.currentTimeMillis()));
    notifyAll();
  }

  private synchronized void downloadEnd(JsonNode p) {
    String navigation = p.path("navigation").asText(null);
    if (navigation != null) ended.put(navigation, new DownloadEnd(p.path("status").asText(""), p.path("filepath").asText(null)));
    notifyAll();
  }

  /** How a download ended, or null while it runs. */
  synchronized DownloadEnd endOf(Download d) {
    return d.navigation() == null ? null : ended.get(d.navigation());
  }
}
