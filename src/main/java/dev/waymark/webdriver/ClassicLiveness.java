package dev.waymark.webdriver;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.openqa.selenium.NoSuchSessionException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the session's classic WebDriver endpoint says about the browser behind it, for a BiDi command that waits: when
 * a browser is killed behind a Grid, its BiDi tunnel can stay open and silent while chromedriver (or the Grid) already
 * answers that the session is gone. Asks {@code Get Window Handle}, which never touches a dialog the page has open
 * (W3C WebDriver: it does not handle user prompts), in the background, one question at a time, and never waits for the
 * answer: each look hands back what the last finished question said and asks again. Only a definite answer counts — an
 * ended session, an unreachable browser. Anything else (no answer yet, an open dialog, a closed tab, a crashed tab)
 * says nothing, and the command waits on.
 */
final class ClassicLiveness implements Supplier<String>, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClassicLiveness.class);
  /** chromedriver's and the Grid's words for a browser that is no longer there. */
  private static final Pattern GONE = Pattern.compile(
      "chrome not reachable|not connected to devtools|session deleted|browser has closed|unable to find session|"
          + "no active session", Pattern.CASE_INSENSITIVE);

  private final RemoteWebDriver driver;
  private final ExecutorService asker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "waymark-webdriver-liveness");
    t.setDaemon(true);
    return t;
  });
  private CompletableFuture<String> asking;

  ClassicLiveness(RemoteWebDriver driver) {
    this.driver = driver;
  }

  /**
   * Why the browser is gone, as the last finished question found it, or null (nothing definite, or no answer yet).
   * Returns at once; a question still open is left to finish.
   */
  @Override
  public String get() {
    CompletableFuture<String> answered;
    synchronized (this) {
      answered = asking;
      if (answered == null || answered.isDone()) {
        try {
          asking = CompletableFuture.supplyAsync(this::ask, asker);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
          return null; // the session is closing
        }
      }
    }
    return answered != null && answered.isDone() ? answered.getNow(null) : null;
  }

  private String ask() {
    try {
      driver.getWindowHandle();
      return null;
    } catch (NoSuchSessionException e) {
      return "the browser session has ended (" + firstLine(e) + ")";
    } catch (WebDriverException e) {
      String line = firstLine(e);
      LOG.debug("Get Window Handle answered: {}", line);
      return GONE.matcher(line).find() ? "the browser is gone (" + line + ")" : null;
    } catch (RuntimeException e) {
      LOG.debug("Get Window Handle failed", e);
      return null;
    }
  }

  private static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return (nl < 0 ? m : m.substring(0, nl)).strip();
  }

  @Override
  public void close() {
    asker.shutdownNow();
  }
}
