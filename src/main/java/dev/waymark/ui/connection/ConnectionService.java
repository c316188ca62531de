package dev.waymark.ui.connection;

import dev.waymark.ui.common.LaunchEngine;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * What the connection panel needs from the bridge: whether the server runs, which browsers are paired, the
 * pairing code, and launching a browser with the extension. Listeners may be called on any thread.
 */
public interface ConnectionService {
  /** A paired browser and the tab the session works in. */
  record Browser(String clientId, String browser, String tab, String url) {}

  /** The server's state: running on a port, or the reason it is not. */
  record Status(boolean running, int port, String error, List<Browser> browsers) {
    public Status {
      browsers = browsers == null ? List.of() : List.copyOf(browsers);
    }
  }

  Status status();

  /** The code the person types into the extension popup; shown to the person only. */
  String pairingCode();

  void addListener(Runnable changed);

  /** Whether a browser can be launched from here (the chosen engine was found). */
  boolean canLaunch();

  /** Turns take-over recording on or off in the current browser; answers whether it is on. */
  default CompletableFuture<Boolean> record(boolean on) {
    return record(on, null, java.util.Map.of());
  }

  /**
   * Recording with salted digests of the declared values, so text the person types that equals one comes back
   * as its {{ token }} without the value crossing the socket (see BrowserClient#record).
   */
  default CompletableFuture<Boolean> record(boolean on, String salt, java.util.Map<String, String> digests) {
    return CompletableFuture.failedFuture(new IllegalStateException("recording is not available without the bridge"));
  }

  /** Receives what the person does in the page while recording is on (called on any thread). */
  default void onPersonAction(Consumer<dev.waymark.session.PersonAction> action) {}

  /** The session observed the page again: a chance to refresh which tab each browser works in. */
  default void pageChanged() {}

  /**
   * Whether clicks, keys and typing go through Chrome's debugger (trusted; in the person's own browser Chrome shows
   * its "being debugged" bar) instead of the page script. A browser Waymark launched is trusted either way.
   */
  default void useTrustedClicks(boolean on) {}

  /** Which browser Launch browser starts from now on (the person's choice in Settings). */
  default void useEngine(LaunchEngine engine) {}

  /** The browser Launch browser starts. */
  default LaunchEngine engine() {
    return LaunchEngine.CHROMIUM;
  }

  /** Launches a browser with the extension, off the FX thread, reporting progress in words. */
  CompletableFuture<Void> launchBrowser(Consumer<String> progress);
}
