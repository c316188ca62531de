package dev.waymark.replay;

/**
 * Opens browser sessions for runs, one per run (and a new one for a run started again after its browser was lost).
 * Implementations are called from several run threads at once and must be thread-safe.
 */
public interface ReplaySessions {
  /**
   * Opens one session, blocking until its browser takes steps (a Grid may queue the request first).
   *
   * @throws Unavailable  no session could be had; the message says why and what to do
   * @throws InterruptedException the run is being stopped
   */
  ReplaySession open() throws Unavailable, InterruptedException;

  /** No session could be opened: no browser, a browser whose driver did not connect, a Grid that refused. */
  final class Unavailable extends Exception {
    public Unavailable(String message) {
      super(message);
    }

    public Unavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
