package dev.waymark.webdriver;

import dev.waymark.bidi.BidiConnection;
import java.io.IOException;
import java.nio.file.Path;
import org.openqa.selenium.HasDownloads;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A classic WebDriver session (chromedriver started here, or a Grid's) behind the BiDi connection. */
final class SeleniumHost implements SessionHost {
  private static final Logger LOG = LoggerFactory.getLogger(SeleniumHost.class);
  private final RemoteWebDriver driver;
  private final ClassicLiveness liveness;
  private final boolean managedDownloads;

  SeleniumHost(RemoteWebDriver driver) {
    this.driver = driver;
    this.liveness = new ClassicLiveness(driver);
    this.managedDownloads = HasDownloads.isDownloadsEnabled(driver.getCapabilities());
  }

  @Override
  public String id() {
    return driver.getSessionId().toString();
  }

  @Override
  public Object capability(String name) {
    return driver.getCapabilities().getCapability(name);
  }

  @Override
  public String whyGone() {
    return liveness.get();
  }

  @Override
  public boolean managedDownloads() {
    return managedDownloads;
  }

  @Override
  public void fetchDownload(String name, Path folder) throws IOException {
    ((HasDownloads) driver).downloadFile(name, folder);
  }

  @Override
  public void quit(BidiConnection bidi) {
    liveness.close();
    try {
      driver.quit();
    } catch (RuntimeException e) {
      LOG.debug("Session {} did not quit cleanly: {}", driver.getSessionId(), e.getMessage());
    }
  }
}
