package dev.waymark.session;

import dev.waymark.apply.Route;
import dev.waymark.bridge.BridgeBrowserPort;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.bridge.BridgeException;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.bridge.ObserveResult;
import dev.waymark.bridge.UserStepGate;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.UserSteps;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The session's browser over the bridge: blocks the session thread (never the FX thread) while the extension works. */
public final class BridgeSessionBrowser implements SessionBrowser {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(BridgeSessionBrowser.class);
  static final String NOT_CONNECTED = "No browser is connected. Press Launch browser in the Browser panel, or pair "
      + "the Waymark extension with the pairing code shown there";

  private final BrowserClient client;
  private final BridgeBrowserPort port;
  private final java.util.function.Supplier<ObserveOptions> options;
  private final UserStepGate gate;

  /** Captured files are kept in {@code <config>/captures/}. */
  public BridgeSessionBrowser(BrowserClient client, ObserveOptions options) {
    this(client, options, new CaptureFolder(ConfigDirs.captures()));
  }

  public BridgeSessionBrowser(BrowserClient client, ObserveOptions options, CaptureFolder captures) {
    this(client, () -> options == null ? ObserveOptions.defaults() : options, captures);
  }

  /** Observing as the switch says at each reading (the studio's page-text switch). */
  public BridgeSessionBrowser(BrowserClient client, PageTextSwitch pageText) {
    this(client, pageText::options, new CaptureFolder(ConfigDirs.captures()));
  }

  private BridgeSessionBrowser(BrowserClient client, java.util.function.Supplier<ObserveOptions> options, CaptureFolder captures) {
    this.client = client;
    this.port = new BridgeBrowserPort(client, captures);
    this.options = options;
    this.gate = new UserStepGate(client);
  }

  /**
   * A page still fetching what it will draw (an app that loads its code or data after the load event) is read once
   * its network has been quiet this long: no request open, none of its scripts, fetches or frames for this long, a
   * loaded page past its load. The extension waits on the tab's requests and reads once; a page whose requests never
   * stop is read as it is after {@link #SETTLE_LIMIT_MS}. A loaded, quiet page is read at once.
   */
  static final long NETWORK_QUIET_MS = 300;
  static final long SETTLE_LIMIT_MS = 2_000;
  private static final long SETTLE_POLL_MS = 100;

  @Override
  public PageObservation observe() throws BrowserUnavailableException, InterruptedException {
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_LIMIT_MS);
    ObserveOptions asked = options.get();
    ObserveResult r = await(client.observeSettled(asked, NETWORK_QUIET_MS, SETTLE_LIMIT_MS), "read the page", SETTLE_LIMIT_MS);
    // an extension from before settle_ms read at once: ask again until its network says quiet
    while (r.ok() && r.settled() == null && !r.networkQuiet(NETWORK_QUIET_MS) && System.nanoTime() < until) {
      Thread.sleep(SETTLE_POLL_MS);
      r = await(client.observe(asked), "read the page");
    }
    if (!r.ok() || r.observation() == null || r.observation().isNull()) {
      throw new BrowserUnavailableException("The page could not be read: " + (r.error() == null ? "no observation came back" : r.error())
          + ". Check that the task tab shows a web page (not a browser page such as chrome://), then observe again");
    }
    try {
      return r.page();
    } catch (BridgeException.Refused e) {
      throw new BrowserUnavailableException(e.getMessage() + "; update the extension to the studio's version", e);
    }
  }

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs) throws InterruptedException {
    // A userStep waits on the person, not the turn timeout: the gate the studio, author and run share.
    if (StepTypes.USER_STEP.equals(step.type())) return gate.perform(step, UserSteps.limitMs(step));
    return port.perform(step, values, timeoutMs);
  }

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs, Route route)
      throws InterruptedException {
    if (StepTypes.USER_STEP.equals(step.type())) return gate.perform(step, UserSteps.limitMs(step));
    return port.perform(step, values, timeoutMs, route);
  }

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs, Route route,
      java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) throws InterruptedException {
    if (StepTypes.USER_STEP.equals(step.type())) return gate.perform(step, UserSteps.limitMs(step));
    return port.perform(step, values, timeoutMs, route, progress);
  }

  @Override
  public CompletableFuture<Boolean> cancel(String stepId) {
    return port.cancel(stepId);
  }

  @Override
  public String clientId() {
    return client.client().map(ClientInfo::clientId).orElse(null);
  }

  @Override
  public boolean continueUserStep(String stepId, String channel) {
    return gate.continueSessionStep(stepId, channel);
  }

  @Override
  public String answeredBy(String stepId) {
    return gate.answeredBy(stepId);
  }

  /** The bridge handle, for what the session shows beside steps (the side panel's items). */
  public BrowserClient client() {
    return client;
  }

  @Override
  public void highlight(Selector selector) throws BrowserUnavailableException, InterruptedException {
    await(client.highlight(selector), "outline the element");
  }

  @Override
  public dev.waymark.observe.PagePicture picture(dev.waymark.observe.PagePicture.Request request)
      throws BrowserUnavailableException, InterruptedException {
    return await(client.picture(request.refs(), request.blur()), "take a picture of the page");
  }

  @Override
  public void release() {
    if (!client.isConnected()) return;
    try {
      client.release().get(client.server().config().requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      LOG.warn("the browser did not confirm the end of control: {}", e.toString());
    }
  }

  private <T> T await(CompletableFuture<T> f, String what) throws BrowserUnavailableException, InterruptedException {
    return await(f, what, 0);
  }

  /** {@code extraMs}: how long the extension may wait on the page before it starts to answer. */
  private <T> T await(CompletableFuture<T> f, String what, long extraMs) throws BrowserUnavailableException, InterruptedException {
    if (!client.isConnected()) throw new BrowserUnavailableException(NOT_CONNECTED);
    try {
      return f.get(client.server().config().requestTimeout().toMillis() + extraMs + 2_000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof BridgeException.NotConnected) throw new BrowserUnavailableException(NOT_CONNECTED, c);
      if (c instanceof BridgeException.Timeout) {
        throw new BrowserUnavailableException("The browser did not answer in time when asked to " + what
            + "; it may be busy or paused in the debugger. Try again", c);
      }
      throw new BrowserUnavailableException("The browser could not " + what + ": " + c.getMessage(), c);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new BrowserUnavailableException("The browser did not answer in time when asked to " + what + "; try again", e);
    }
  }
}
