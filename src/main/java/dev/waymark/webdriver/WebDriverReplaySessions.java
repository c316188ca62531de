package dev.waymark.webdriver;

import dev.waymark.bridge.CaptureFolder;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.ReplaySession;
import dev.waymark.replay.ReplaySessions;
import dev.waymark.replay.RunReport;

/**
 * Replay sessions over WebDriver: each run gets a session of its own from a {@link SessionSource} (a Grid queues
 * the request until a node has a free slot), with a {@link WebDriverReplayBrowser} over it. Thread-safe: every open
 * makes its own session.
 */
public final class WebDriverReplaySessions implements ReplaySessions {
  private final SessionSource sessions;
  private final boolean trusted;
  private final CaptureFolder captures;

  /**
   * Sessions from {@code sessions}; {@code trusted}: input from the browser's own pipeline, else page events;
   * captured files and allowed downloads are kept in {@code captures} on this computer (null: not kept).
   */
  public WebDriverReplaySessions(SessionSource sessions, boolean trusted, CaptureFolder captures) {
    this.sessions = sessions;
    this.trusted = trusted;
    this.captures = captures;
  }

  @Override
  public ReplaySession open() throws Unavailable, InterruptedException {
    WebDriverSession session;
    try {
      session = sessions.open();
    } catch (SessionStartException e) {
      throw new Unavailable(e.getMessage(), e);
    }
    WebDriverReplayBrowser browser = new WebDriverReplayBrowser(session, trusted, captures);
    String description = "WebDriver session " + session.id() + " (" + sessions.describe() + ", " + session.engine() + ")";
    return ReplaySession.of(browser, description, session::screenshot, browser::close);
  }
}
