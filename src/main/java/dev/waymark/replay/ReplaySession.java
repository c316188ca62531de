package dev.waymark.replay;

/**
 * One browser session that one run replays in: a launched Chromium with its own bridge, or a Grid session. Closing
 * it ends the session and frees the browser; it never throws for a session that is already gone.
 */
public interface ReplaySession extends AutoCloseable {
  /** Where the run performs its steps. */
  ReplayBrowser browser();

  /** A short description for the run's line and the log, such as the Grid session id; never a secret. */
  String description();

  /** Takes the report's pictures in this session; null when it cannot (the report names none). */
  default RunReport.Camera camera() {
    return null;
  }

  @Override
  void close();

  /** A session of {@code browser}; {@code camera} may be null (no pictures), {@code close} ends it and must not throw. */
  static ReplaySession of(ReplayBrowser browser, String description, RunReport.Camera camera, Runnable close) {
    return new ReplaySession() {
      @Override
      public ReplayBrowser browser() {
        return browser;
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public RunReport.Camera camera() {
        return camera;
      }

      @Override
      public void close() {
        close.run();
      }
    };
  }
}
