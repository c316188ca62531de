package dev.waymark.webdriver;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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
 * (W3C WebDriver: it does not handle user prompts), in the background with a bound, one question at a time. Only a
 * definite answer counts: an ended session, an unreachable or crashed browser. Anything else — no answer in time, an
 * open dialog, a closed tab — says nothing, and the command waits on.
 */
final class ClassicLiveness implements Supplier<String>, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClassicLiveness.class);
  private static final long ANSWER_MS = 2_000;
  /** chromedriver's words for a browser that is no longer there (its process died, its DevTools connection closed). */
  private static final Pattern GONE = Pattern.compile(
      "chrome not reachable|not connected to devtools|disconnected|session deleted|browser has closed|target crashed|"
          + "unable to find session|no active session", Pattern.CASE_INSENSITIVE);

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

  /** Why the browser is gone, or null when the endpoint does not say so (within two seconds). */
  @Override
  public synchronized String get() {
    if (asking == null || asking.isDone()) asking = CompletableFuture.supplyAsync(this::ask, asker);
    try {
      return asking.get(ANSWER_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (Exception e) {
      return null; // no answer yet: the question stays open for the next call
    }
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
