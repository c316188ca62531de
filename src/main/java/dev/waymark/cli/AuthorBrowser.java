package dev.waymark.cli;

import dev.waymark.bridge.BrowserClient;
import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;

/**
 * The browser {@code waymark author} works in: the paired one a test hands in, or a Chromium or Firefox it launches
 * and pairs; the input mode the options choose; and, after a hand-off, leaving it to the person. Apart from
 * {@link AuthorCommand} because starting and ending a browser (and which exit code each failure to do so is) does not
 * depend on how the session in it is driven.
 */
final class AuthorBrowser {
  /** What runs in the browser once it is paired; answers the command's exit code. */
  @FunctionalInterface
  interface Work {
    int run(Connected browser) throws Exception;
  }

  /** A paired browser and whether it has a window the person could use. */
  record Connected(BrowserClient client, boolean headless) {}

  private final AuthorCommand c;
  private final boolean headless;
  private final PrintWriter err;
  private final Consumer<String> progress;

  AuthorBrowser(AuthorCommand command, boolean headless, PrintWriter err, Consumer<String> progress) {
    this.c = command;
    this.headless = headless;
    this.err = err;
    this.progress = progress;
  }

  /**
   * Runs the work in the browser the command line names and closes what was started for it, unless the decision
   * source handed the page to the person ({@code handedOffAt}: where the tab was then).
   */
  int run(Work work, Supplier<String> handedOffAt) {
    if (c.connectedClient != null) return runWork(work, new Connected(c.connectedClient, headless));
    boolean onFirefox = c.engineOptions.engine() == Engine.FIREFOX;
    progress.accept("starting " + (onFirefox ? "Firefox" : "Chromium") + (headless ? " (headless)" : ""));
    // Firefox gives add-ons no debugger: the studio sends their trusted input over the launched Firefox's BiDi connection.
    if (onFirefox && !c.pageInput) progress.accept("Firefox: clicks and typing are Firefox's own input, sent over WebDriver BiDi");
    return PairedChromium.runIn(c.engineOptions.engine(), c.chromium, c.engineOptions.firefox, headless, c.connectTimeout,
        "author", err, AuthorCommand.EXIT_STOPPED, null, browser -> {
          int code = runWork(work, new Connected(browser.client(), headless));
          if (code == AuthorCommand.EXIT_HANDED_OFF) handOver(browser, headless, handedOffAt.get(), err);
          return code;
        });
  }

  /** A hand-off leaves a browser the person can see open, tab and all; a headless one nobody can use is closed. */
  static void handOver(PairedChromium browser, boolean headless, String url, PrintWriter err) {
    String at = url == null ? "the page it was on" : url;
    if (headless) {
      err.println("The browser ran headless, so nobody can carry on in it: it closes now. The tab was at " + at
          + "; open that address yourself, or run with --no-headless to be handed the browser itself.");
    } else {
      browser.leaveOpen();
      err.println("The browser stays open for you, with the tab at " + at + " in front; Waymark no longer acts in it.");
    }
    err.flush();
  }

  private int runWork(Work work, Connected browser) {
    if (c.pageInput) browser.client().usePageInput();
    else browser.client().useTrustedInput(c.trustedClicks);
    try {
      return work.run(browser);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("Stopped.");
      return AuthorCommand.EXIT_STOPPED;
    } catch (Exception e) {
      // Logged under the command's name, where a person reading the log looks for what author did.
      LoggerFactory.getLogger(AuthorCommand.class).error("author failed", e);
      err.println("waymark author failed: " + e.getMessage() + " (the log has the details)");
      return AuthorCommand.EXIT_ERROR;
    }
  }
}
