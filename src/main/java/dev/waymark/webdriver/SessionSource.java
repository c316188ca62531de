package dev.waymark.webdriver;

/**
 * Where a replay's WebDriver sessions come from: a chromedriver here, a Selenium Grid, or a Firefox launched and
 * spoken to over its own BiDi endpoint. Thread-safe: each {@link #open} makes a session of its own.
 */
public interface SessionSource {
  /** A new session with its BiDi connection, or why none could be had. */
  WebDriverSession open() throws SessionStartException;

  /** Where the sessions come from, for messages. */
  String describe();
}
